import { formatAmount, messages, type Order, quoteWords } from '@toolworks/shared'

import { CardTable } from '@/components/ui/data-table'

import { OrderLineName, orderLineKey, type QuoteLinkFor } from './order-line-name'

const m = messages.ordering
const c = messages.cart

/**
 * The payment page's account of an order: each line, subtotal, discount, total. On a
 * phone each line is a card and the sums run down beside their names (CardTable).
 */
export function OrderLinesTable({ order, quoteLink }: { order: Order; quoteLink?: QuoteLinkFor }) {
  return (
    <div>
      <CardTable className="">
        <caption className="text-left font-semibold whitespace-nowrap">{m.orderLines}</caption>
        <thead>
          <tr>
            <th scope="col">{c.name}</th>
            <th scope="col">{c.quantity}</th>
            <th scope="col">{c.unitPrice}</th>
            <th scope="col">{c.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={orderLineKey(line, index)}>
              <th scope="row" className="font-normal">
                <OrderLineName line={line} quoteLink={quoteLink} />
                {line.leadTimeDays !== null && (
                  <p className="text-xs text-base-content/70">
                    {quoteWords.customLeadTime(line.leadTimeDays)}
                  </p>
                )}
                {line.madeToOrder > 0 && (
                  <p className="text-xs text-base-content/70">
                    {m.madeToOrderPart(line.madeToOrder)}, {m.shipsBy(line.shipsBy)}
                  </p>
                )}
              </th>
              <td data-label={c.quantity}>{line.quantity}</td>
              <td data-label={c.unitPrice} data-amount>
                {formatAmount(line.unitPrice, order.currency)}
              </td>
              <td data-label={c.lineTotal} data-amount>
                {formatAmount(line.lineTotal, order.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="text-right">
              {c.subtotal}
            </th>
            <td data-amount>{formatAmount(order.subtotal, order.currency)}</td>
          </tr>
          {order.discount && (
            <tr>
              <th scope="row" colSpan={3} className="text-right">
                {c.discount} ({order.discount.label})
              </th>
              <td data-amount>−{formatAmount(order.discount.amount, order.currency)}</td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={3} className="text-right">
              {c.total}
            </th>
            <td data-amount>{formatAmount(order.totalMoney, order.currency)}</td>
          </tr>
        </tfoot>
      </CardTable>
      <p className="mt-2">{c.shippingFree}</p>
    </div>
  )
}
