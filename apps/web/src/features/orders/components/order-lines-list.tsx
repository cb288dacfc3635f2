import { formatMoney, messages, type Order } from '@toolworks/shared'

const m = messages.ordering

/**
 * Every line of an order in a table cell (issue 14): name × quantity, unit price, line total,
 * the made-to-order part with its date, the discount when there is one, and free shipping.
 */
export function OrderLinesList({ order }: { order: Order }) {
  return (
    <ul aria-label={m.orderLines} className="mt-1 space-y-1 text-xs text-base-content/80">
      {order.lines.map((line, index) => (
        <li key={`${line.tool}-${index}`}>
          {m.lineQuantity(line.name, line.quantity)}: {m.unitPriceEach(formatMoney(line.unitPrice))}
          , {formatMoney(line.lineTotal)}
          {line.madeToOrder > 0 && (
            <>
              {' '}
              ({m.madeToOrderPart(line.madeToOrder)}, {m.shipsBy(line.shipsBy)})
            </>
          )}
        </li>
      ))}
      {order.discount && (
        <li>
          {messages.cart.discount} ({order.discount.label}): −{formatMoney(order.discount.amount)}
        </li>
      )}
      <li>{messages.cart.shippingFree}</li>
    </ul>
  )
}

/**
 * The row under an order's own row that holds its lines: the seed's cells keep their words,
 * and the lines span the columns after the first.
 */
export function OrderLinesRow({ order, columns }: { order: Order; columns: number }) {
  return (
    <tr>
      <td />
      <td colSpan={columns - 1}>
        <OrderLinesList order={order} />
      </td>
    </tr>
  )
}
