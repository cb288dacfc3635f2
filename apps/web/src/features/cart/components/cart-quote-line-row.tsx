import { Link } from 'react-router'

import { formatMoney, fromCents, messages, type CartQuoteLine, quoteWords } from '@toolworks/shared'

import { paths } from '@/lib/paths'

import { quoteLineTotalCents } from '../utils/cart-view'

const m = messages.cart

type CartQuoteLineRowProps = {
  line: CartQuoteLine
  /** The server's word on this line after a refused checkout. */
  serverError?: string
  onRemove: () => void
}

/**
 * A custom part in /cart (issue 15): "Custom: {part name}" linking to the buyer's request, the
 * quoted quantity (read-only: the quote fixed it), unit price, line total, lead time and Remove.
 */
export function CartQuoteLineRow({ line, serverError, onRemove }: CartQuoteLineRowProps) {
  return (
    <tr data-testid="cart-quote-line">
      <td className="align-top" />
      <th scope="row" className="align-top font-normal">
        <div className="space-y-1">
          <Link to={paths.dashboard.myQuote(line.quote)} className="link font-semibold">
            {line.name}
          </Link>
          <p className="text-sm">{quoteWords.customLeadTime(line.leadTimeDays)}</p>
        </div>
      </th>
      <td className="align-top">
        <div className="space-y-1">
          <p data-testid="quote-quantity">{line.quantity}</p>
          {serverError && (
            <p role="alert" className="text-sm text-error">
              {serverError}
            </p>
          )}
        </div>
      </td>
      <td className="align-top" data-testid="unit-price">
        {formatMoney(line.unitPrice)}
      </td>
      <td className="align-top" data-testid="line-total">
        {formatMoney(fromCents(quoteLineTotalCents(line)))}
      </td>
      <td className="align-top">
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          aria-label={m.removeLine(line.name)}
          onClick={onRemove}
        >
          {m.remove}
        </button>
      </td>
    </tr>
  )
}
