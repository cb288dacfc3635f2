import { catalogAdminWords as w, type Category } from '@toolworks/shared'

import { childrenOf } from '../utils/category-path'

type CategoriesTreeProps = {
  categories: readonly Category[]
  pendingSlug: string | null
  onEdit: (category: Category) => void
  onDelete: (category: Category) => void
}

/** The admin's category tree (at most 3 levels), each with its attributes and actions. */
export function CategoriesTree({ categories, pendingSlug, onEdit, onDelete }: CategoriesTreeProps) {
  const level = (parent: string | null, depth: number) => {
    const items = childrenOf(categories, parent)
    if (items.length === 0) return null
    return (
      <ul className={depth > 0 ? 'ml-6 border-l border-base-300 pl-4' : 'space-y-1'}>
        {items.map((c) => (
          <li key={c.slug} className="py-1">
            <div className="flex flex-wrap items-center gap-3">
              <span className="font-semibold">{c.name}</span>
              <code className="text-sm text-base-content/80">{c.slug}</code>
              {c.attributes.length > 0 && (
                <span className="text-sm text-base-content/80">
                  {c.attributes.map((a) => a.key).join(', ')}
                </span>
              )}
              <span className="ml-auto flex gap-2">
                <button
                  type="button"
                  className="btn btn-xs btn-outline"
                  onClick={() => onEdit(c)}
                  aria-label={w.editCategory(c.name)}
                >
                  {w.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-xs btn-error btn-outline"
                  disabled={pendingSlug === c.slug}
                  onClick={() => onDelete(c)}
                  aria-label={w.deleteCategory(c.name)}
                >
                  {w.delete}
                </button>
              </span>
            </div>
            {level(c.slug, depth + 1)}
          </li>
        ))}
      </ul>
    )
  }
  return <div data-testid="categories-tree">{level(null, 0)}</div>
}
