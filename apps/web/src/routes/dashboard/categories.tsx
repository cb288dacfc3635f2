import { useState } from 'react'

import { catalogAdminWords as w, CATEGORY_DEPTH_MAX, type Category } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useCategories } from '@/features/search/api/get-categories'
import {
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '@/features/search/api/manage-categories'
import { CategoriesTree } from '@/features/search/components/categories-tree'
import { CategoryForm } from '@/features/search/components/category-form'
import { categoryPath } from '@/features/search/utils/category-path'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'

/** Admin only: the category tree, its attributes, added, edited and deleted here. */
export function CategoriesRoute() {
  useDocumentTitle(w.categoriesTitle)
  const list = useCategories()
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const remove = useDeleteCategory()
  const [editing, setEditing] = useState<Category | null>(null)
  // A new form after each save, so its fields start empty.
  const [formKey, setFormKey] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)

  const categories = list.data ?? []
  // A parent sits at most one level above the deepest: a third level takes no children.
  const parents = categories.filter(
    (c) => c.slug !== editing?.slug && categoryPath(categories, c.slug).length < CATEGORY_DEPTH_MAX,
  )

  const saved = () => {
    toast.success(w.categorySaved)
    setEditing(null)
    setProblem(null)
    setFormKey((k) => k + 1)
  }
  const failed = (error: unknown) => setProblem(getErrorMessage(error))

  const onDelete = (category: Category) => {
    if (!window.confirm(w.confirmDeleteCategory(category.name))) return
    remove.mutate(category.slug, {
      onSuccess: () => {
        setProblem(null)
        toast.success(w.categoryDeleted)
      },
      // 409 with the count while it has tools or sub-categories: the server's words say so.
      onError: failed,
    })
  }

  return (
    <div>
      <h2 className="section-title">{w.categoriesTitle}</h2>
      <div className="title-rule" />
      {problem && (
        <p role="alert" className="alert alert-error my-4">
          {problem}
        </p>
      )}
      <QueryView query={list} failed={w.saveFailed}>
        {(data) => (
          <CategoriesTree
            categories={data}
            pendingSlug={remove.isPending ? (remove.variables ?? null) : null}
            onEdit={(c) => {
              setEditing(c)
              setProblem(null)
            }}
            onDelete={onDelete}
          />
        )}
      </QueryView>
      <section className="mt-10">
        <CategoryForm
          key={editing ? `edit-${editing.slug}` : `new-${formKey}`}
          category={editing ?? undefined}
          parents={parents}
          pending={create.isPending || update.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
          onSave={(body) =>
            editing
              ? update.mutate({ slug: editing.slug, body }, { onSuccess: saved, onError: failed })
              : create.mutate(body, { onSuccess: saved, onError: failed })
          }
        />
      </section>
    </div>
  )
}
