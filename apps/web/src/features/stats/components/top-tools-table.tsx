import { overviewWords, type TopTool } from '@toolworks/shared'

import { formatDollars } from './overview-format'

const m = overviewWords

/** The period's five best-selling tools by revenue. */
export function TopToolsTable({ tools, period }: { tools: TopTool[]; period: number }) {
  if (tools.length === 0) return <p className="mt-4 text-base-content/70">{m.noSales}</p>
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0}>
      <table className="table table-sm">
        <caption className="sr-only">{m.topToolsCaption(period)}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{m.topToolName}</th>
            <th scope="col" className="text-right">
              {m.topToolUnits}
            </th>
            <th scope="col" className="text-right">
              {m.topToolRevenue}
            </th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool, i) => (
            <tr key={tool.id}>
              <td>{i + 1}</td>
              <th scope="row" className="font-normal">
                {tool.name}
                {tool.deleted && <span className="ml-2 text-base-content/70">{m.deletedTool}</span>}
              </th>
              <td className="text-right tabular-nums">{tool.units.toLocaleString('en-US')}</td>
              <td className="text-right tabular-nums">{formatDollars(tool.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
