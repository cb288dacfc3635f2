import { breakIndexFor, messages, toCents, type Tool } from '@toolworks/shared'

import { useMoney } from '@/lib/currency'

const m = messages.ordering

type PriceBreaksTableProps = {
  tool: Pick<Tool, 'price' | 'minimum' | 'priceBreaks'>
  quantity: number
}

/** The tool's volume prices with the one in force for this quantity marked. */
export function PriceBreaksTable({ tool, quantity }: PriceBreaksTableProps) {
  const money = useMoney()
  if (tool.priceBreaks.length === 0) return null
  const breaks = tool.priceBreaks.map((b) => ({
    minQuantity: b.minQuantity,
    priceCents: toCents(b.price),
  }))
  const inForce = Number.isInteger(quantity) ? breakIndexFor(breaks, quantity) : null
  const rows = [{ minQuantity: tool.minimum, price: tool.price }, ...tool.priceBreaks]
  return (
    <table className="table table-sm" data-testid="price-breaks">
      <caption className="text-left font-semibold">{m.priceBreaks}</caption>
      <thead>
        <tr>
          <th scope="col">{m.quantity}</th>
          <th scope="col">{messages.catalog.price}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const current = inForce !== null && inForce === index - 1
          return (
            <tr
              key={row.minQuantity}
              aria-current={current ? 'true' : undefined}
              className={current ? 'bg-primary/10 font-bold' : undefined}
            >
              <td>{m.breakFrom(row.minQuantity)}</td>
              <td>{money.price(row.price)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
