import { useState } from 'react'
import { toast } from 'react-toastify'

import { messages, type Tool } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { PageLoader } from '@/components/ui/page-loader'
import { useDeleteTool } from '@/features/catalog/api/delete-tool'
import { useTools } from '@/features/catalog/api/get-tools'
import { EditProductDialog } from '@/features/catalog/components/edit-product-dialog'
import { ProductsTable } from '@/features/catalog/components/products-table'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.products

/** SPEC.md §2 Manage Products (admin): the count, delete after a confirm, and edit (issue 6). */
export function ManageProductsRoute() {
  useDocumentTitle(messages.dashboard.manageProducts)
  const tools = useTools()
  const deleteTool = useDeleteTool()
  const [editing, setEditing] = useState<Tool | null>(null)

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
      {tools.isPending ? (
        <PageLoader />
      ) : tools.isError ? (
        <QueryError
          message={m.productsLoadFailed}
          retrying={tools.isFetching}
          onRetry={() => void tools.refetch()}
        />
      ) : (
        <ProductsTable
          tools={tools.data}
          pendingId={deleteTool.isPending ? deleteTool.variables : null}
          onEdit={setEditing}
          onDelete={onDelete}
        />
      )}
      {editing && (
        <EditProductDialog key={editing._id} tool={editing} onClose={() => setEditing(null)} />
      )}
    </div>
  )
}
