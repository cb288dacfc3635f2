import { Link } from 'react-router'

import { messages, toCents, type CartQuoteLine, quoteWords } from '@toolworks/shared'

import { paths } from '@/lib/paths'

import { lineAmounts, type CartPricing } from '../utils/cart-view'

const m = messages.cart

type CartQuoteLineRowProps = {
  line: CartQuoteLine
  /** The cart's currency, rate and delivery country. */
  pricing: CartPricing
  /** The server's word on this line after a refused checkout. */
  serverError?: string
  onRemove: () => void
}

/**
 * A custom part in /cart: "Custom: {part name}" linking to the buyer's request, the
 * quoted quantity (read-only: the quote fixed it), unit price, line total, lead time and Remove.
 */
export function CartQuoteLineRow({ line, pricing, serverError, onRemove }: CartQuoteLineRowProps) {
  const amounts = lineAmounts(toCents(line.unitPrice), line.quantity, pricing)
  return (
    <tr data-testid="cart-quote-line">
      <td className="align-top" />
      <th scope="row" className="align-top font-normal" data-label={m.name}>
        <div className="space-y-1">
          <Link to={paths.dashboard.myQuote(line.quote)} className="link font-semibold">
            {line.name}
          </Link>
          <p className="text-sm">{quoteWords.customLeadTime(line.leadTimeDays)}</p>
        </div>
      </th>
      <td className="align-top" data-label={m.quantity}>
        <div className="space-y-1">
          <p data-testid="quote-quantity">{line.quantity}</p>
          {serverError && (
            <p role="alert" className="text-sm text-error">
              {serverError}
            </p>
          )}
        </div>
      </td>
      <td className="align-top" data-testid="unit-price" data-label={m.unitPrice}>
        <span data-amount>{amounts.unit}</span>
      </td>
      <td className="align-top" data-testid="line-total" data-label={m.lineTotal}>
        <span data-amount>{amounts.total}</span>
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
