import { overviewWords, paymentMethodWords, type RevenueByMethod } from '@toolworks/shared'

import { formatDollars } from './overview-format'

const m = overviewWords

/** The period's paid revenue by payment method, every method listed. */
export function RevenueByMethodTable({
  methods,
  period,
}: {
  methods: RevenueByMethod[]
  period: number
}) {
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0}>
      <table className="table table-sm">
        <caption className="sr-only">{m.byMethodCaption(period)}</caption>
        <thead>
          <tr>
            <th scope="col">{m.byMethodMethod}</th>
            <th scope="col" className="text-right">
              {m.byMethodRevenue}
            </th>
          </tr>
        </thead>
        <tbody>
          {methods.map((row) => (
            <tr key={row.method}>
              <th scope="row" className="font-normal">
                {paymentMethodWords[row.method].label}
              </th>
              <td className="text-right tabular-nums">{formatDollars(row.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
