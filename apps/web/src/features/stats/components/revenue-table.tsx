import { overviewWords, type RevenueDay } from '@toolworks/shared'

import { formatDay, formatDollars } from './overview-format'

const m = overviewWords

type RevenueTableProps = { days: RevenueDay[]; period: number }

/**
 * The chart's numbers as a table, one row per day, newest first: what a screen reader reads.
 * It scrolls on its own (focusable, so keyboard users can scroll it too).
 */
export function RevenueTable({ days, period }: RevenueTableProps) {
  return (
    <div
      className="mt-4 min-w-0 overflow-auto rounded-box border border-base-300"
      style={{ maxHeight: 320 }}
      tabIndex={0}
    >
      <table className="table table-sm">
        <caption className="p-2 text-left text-sm font-semibold">
          {m.revenueCaption(period)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{m.revenueDate}</th>
            <th scope="col" className="text-right">
              {m.revenueAmount}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date} data-date={day.date}>
              <th scope="row" className="font-normal">
                <time dateTime={day.date}>{formatDay(day.date)}</time>
              </th>
              <td className="text-right tabular-nums">{formatDollars(day.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
