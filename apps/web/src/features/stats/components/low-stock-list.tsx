import { Link } from 'react-router'

import { messages, overviewWords, type LowStockTool } from '@toolworks/shared'

import { paths } from '@/lib/paths'

const m = overviewWords

/** Tools short of twice their minimum order, each with a link that opens its edit dialog. */
export function LowStockList({ tools }: { tools: LowStockTool[] }) {
  if (tools.length === 0) return <p className="mt-4 text-base-content/70">{m.lowStockNone}</p>
  return (
    <ul className="mt-4 divide-y divide-base-300 rounded-box border border-base-300">
      {tools.map((tool) => (
        <li key={tool.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div>
            <p className="font-semibold">{tool.name}</p>
            <p className="text-sm text-base-content/70">
              {m.lowStockItem(tool.quantity, tool.minimum)}
            </p>
          </div>
          <Link
            to={paths.dashboard.manageProducts(tool.id)}
            className="btn btn-sm btn-outline"
            aria-label={m.lowStockEdit(tool.name)}
          >
            {messages.products.edit}
          </Link>
        </li>
      ))}
    </ul>
  )
}
