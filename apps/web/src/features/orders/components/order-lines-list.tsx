import type { ReactNode } from 'react'

import { formatAmount, messages, type Order, quoteWords } from '@toolworks/shared'

import { OrderLineName, orderLineKey, type QuoteLinkFor } from './order-line-name'

const m = messages.ordering

type OrderLinesProps = {
  order: Order
  /** Where a custom part's line links; without it the name is plain text. */
  quoteLink?: QuoteLinkFor
}

/**
 * Every line of an order in a table cell: name × quantity, unit price, line total,
 * the made-to-order part with its date (or a custom part's lead time), the discount
 * when there is one, and free shipping.
 */
export function OrderLinesList({ order, quoteLink }: OrderLinesProps) {
  return (
    <ul aria-label={m.orderLines} className="mt-1 space-y-1 text-xs text-base-content/80">
      {order.lines.map((line, index) => (
        <li key={orderLineKey(line, index)}>
          <OrderLineName line={line} quoteLink={quoteLink} /> × {line.quantity}:{' '}
          {m.unitPriceEach(formatAmount(line.unitPrice, order.currency))},{' '}
          {formatAmount(line.lineTotal, order.currency)}
          {line.leadTimeDays !== null && <> ({quoteWords.customLeadTime(line.leadTimeDays)})</>}
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
          {messages.cart.discount} ({order.discount.label}): −
          {formatAmount(order.discount.amount, order.currency)}
        </li>
      )}
      <li>{messages.cart.shippingFree}</li>
    </ul>
  )
}

/**
 * The row under an order's own row that holds its lines: the seed's cells keep their words,
 * and the lines span the columns after the first. On a phone it continues the order's card
 * (`data-detail`, see DataTable). `children` follow the lines (the order's payments).
 */
export function OrderLinesRow({
  columns,
  children,
  ...props
}: OrderLinesProps & { columns: number; children?: ReactNode }) {
  return (
    <tr data-detail>
      <td />
      <td colSpan={columns - 1}>
        <OrderLinesList {...props} />
        {children}
      </td>
    </tr>
  )
}
