import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'

import { messages, type Tool } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useDeleteTool } from '@/features/catalog/api/delete-tool'
import { useTools } from '@/features/catalog/api/get-tools'
import { EditProductDialog } from '@/features/catalog/components/edit-product-dialog'
import { ProductsTable } from '@/features/catalog/components/products-table'
import { useCategories } from '@/features/search/api/get-categories'
import { ExportCsvButton } from '@/features/exports/components/export-csv-button'
import { ImportCsvButton } from '@/features/exports/components/import-csv-dialog'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.products

/** docs/product.md §2 Manage Products (admin): the count, delete after a confirm, and edit. */
export function ManageProductsRoute() {
  useDocumentTitle(messages.dashboard.manageProducts)
  const tools = useTools()
  const categories = useCategories().data ?? []
  const deleteTool = useDeleteTool()
  const [editing, setEditing] = useState<Tool | null>(null)
  // `?edit=<id>` (the overview's low-stock links) opens that tool's edit dialog.
  const [searchParams, setSearchParams] = useSearchParams()
  const editId = searchParams.get('edit')
  const linked = editId ? (tools.data?.find((tool) => tool._id === editId) ?? null) : null
  const shown = editing ?? linked
  const closeEdit = () => {
    setEditing(null)
    if (editId)
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current)
          params.delete('edit')
          return params
        },
        { replace: true },
      )
  }

  const onDelete = (tool: Tool) => {
    if (!window.confirm(m.deleteConfirm(tool.name))) return
    deleteTool.mutate(tool._id, {
      onSuccess: () => toast.success(m.deleted),
      onError: () => toast.error(m.deleteFailed),
    })
  }

  return (
    <div>
      <h2 className="section-title">
        {tools.data ? m.productsCount(tools.data.length) : messages.dashboard.manageProducts}
      </h2>
      <div className="title-rule" />
      <div className="mt-4 mb-4 flex flex-wrap gap-2">
        <ExportCsvButton kind="products" />
        <ImportCsvButton />
      </div>
      <QueryView query={tools} failed={m.productsLoadFailed}>
        {(data) => (
          <ProductsTable
            tools={data}
            pendingId={deleteTool.isPending ? deleteTool.variables : null}
            onEdit={setEditing}
            onDelete={onDelete}
          />
        )}
      </QueryView>
      {shown && (
        <EditProductDialog
          key={shown._id}
          tool={shown}
          onClose={closeEdit}
          categories={categories}
        />
      )}
    </div>
  )
}
