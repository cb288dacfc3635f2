import { formatAmount, revenueByCurrencyWords, type Overview } from '@toolworks/shared'

const w = revenueByCurrencyWords

/**
 * The period's paid revenue and the VAT it holds per currency, each amount in its own
 * currency: the overview's other figures add taka orders in dollars at their rate.
 */
export function RevenueByCurrencyTable({
  currencies,
  period,
}: {
  currencies: Overview['revenueByCurrency']
  period: number
}) {
  if (currencies.length === 0) return <p className="mt-4">{w.empty}</p>
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0}>
      <table className="table table-sm">
        <caption className="sr-only">{w.caption(period)}</caption>
        <thead>
          <tr>
            <th scope="col">{w.currency}</th>
            <th scope="col" className="text-right">
              {w.orders}
            </th>
            <th scope="col" className="text-right">
              {w.revenue}
            </th>
            <th scope="col" className="text-right">
              {w.vat}
            </th>
          </tr>
        </thead>
        <tbody>
          {currencies.map((row) => (
            <tr key={row.currency}>
              <th scope="row" className="font-normal">
                {row.currency}
              </th>
              <td className="text-right tabular-nums">{row.orders}</td>
              <td className="text-right tabular-nums">{formatAmount(row.revenue, row.currency)}</td>
              <td className="text-right tabular-nums">{formatAmount(row.vat, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
