import { messages, type Tool } from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'

import { thumbnailUrl } from '../utils/image-file'

const m = messages.products

type ProductsTableProps = {
  tools: Tool[]
  /** The tool being deleted, whose buttons wait for the answer. */
  pendingId: string | null
  onEdit: (tool: Tool) => void
  onDelete: (tool: Tool) => void
}

/** docs/product.md §2 Manage Products: number, image, name, stock, minimum order, edit and delete. */
export function ProductsTable({ tools, pendingId, onEdit, onDelete }: ProductsTableProps) {
  return (
    <DataTable
      headings={[m.number, m.image, m.name, m.availableQuantity, m.minimumQuantity, m.actions]}
      emptyText={m.noProducts}
      isEmpty={tools.length === 0}
    >
      {tools.map((tool, index) => (
        <tr key={tool._id}>
          <td data-label={m.number}>{index + 1}</td>
          <td data-label={m.image}>
            <img
              src={thumbnailUrl(tool.image)}
              alt={tool.name}
              width={64}
              height={48}
              loading="lazy"
              decoding="async"
              className="h-12 w-16 rounded object-cover"
            />
          </td>
          <td data-label={m.name}>{tool.name}</td>
          <td data-label={m.availableQuantity}>{tool.quantity}</td>
          <td data-label={m.minimumQuantity}>{tool.minimum}</td>
          <td data-label={m.actions}>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-outline btn-xs"
                aria-label={`${m.edit}: ${tool.name}`}
                onClick={() => onEdit(tool)}
              >
                {m.edit}
              </button>
              <button
                type="button"
                className="btn btn-error btn-xs"
                aria-label={`${m.delete}: ${tool.name}`}
                disabled={pendingId !== null}
                onClick={() => onDelete(tool)}
              >
                {m.delete}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
