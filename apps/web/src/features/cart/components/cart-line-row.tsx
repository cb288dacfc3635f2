import { useId } from 'react'

import { currencyWords, messages, toCents } from '@toolworks/shared'

import { PriceBreaksTable } from '@/components/ui/price-breaks-table'
import { nextPriceBreak } from '@/lib/buying-rules'

import { lineAmounts, type CartPricing, type CartRow } from '../utils/cart-view'

const m = messages.cart

type CartLineRowProps = {
  row: CartRow
  /** The cart's currency, rate and delivery country. */
  pricing: CartPricing
  /** The text in the quantity field (the buyer's, kept even when it breaks a rule). */
  draft: string
  /** The server's word on this line after a refused checkout. */
  serverError?: string
  onQuantity: (text: string) => void
  onRemove: () => void
}

/** One line of /cart: image, name, quantity, unit price, line total and Remove. */
export function CartLineRow({
  row,
  pricing,
  draft,
  serverError,
  onQuantity,
  onRemove,
}: CartLineRowProps) {
  const inputId = useId()
  const errorId = `${inputId}-error`
  const tool = row.state.status === 'ok' ? row.state.tool : null
  const name = tool?.name ?? row.tool
  const error = serverError ?? row.problem
  // In the header's currency, the other one beside the unit price, smaller.
  const priced = row.priced
  const amounts = priced && lineAmounts(priced.unitPriceCents, priced.quantity, pricing)
  const next = tool && row.problem === null ? nextPriceBreak(tool, row.quantity) : null
  // Priced as the line would be (the cart's currency; an export without VAT).
  const hint = next && m.addMoreFor(next.more, lineAmounts(toCents(next.price), 1, pricing).unit)

  return (
    <tr data-testid="cart-line">
      <td className="align-top">
        {tool && (
          <img
            src={tool.image}
            alt=""
            width={80}
            height={60}
            className="h-16 rounded object-cover"
          />
        )}
      </td>
      <th scope="row" className="align-top font-normal" data-label={m.name}>
        {row.state.status === 'loading' ? (
          // A status, so its name is allowed and read (axe: aria-prohibited-attr).
          <span
            role="status"
            className="loading loading-spinner loading-xs"
            aria-label={m.loadingTools}
          />
        ) : row.state.status === 'gone' ? (
          <p>{m.lineUnavailable}</p>
        ) : (
          <div className="space-y-2">
            <p className="font-semibold">{name}</p>
            {row.split && <p className="text-sm">{row.split}</p>}
            {tool && <PriceBreaksTable tool={tool} quantity={row.quantity} />}
            {hint && <p className="text-sm text-success">{hint}</p>}
          </div>
        )}
      </th>
      <td className="align-top" data-label={m.quantity}>
        {tool && (
          <div className="space-y-1">
            <label htmlFor={inputId} className="sr-only">
              {m.quantityOf(name)}
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={tool.minimum}
              max={tool.madeToOrder ? undefined : tool.quantity}
              step={tool.packSize}
              value={draft}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={['input w-full', error ? 'input-error' : ''].join(' ')}
              onChange={(event) => onQuantity(event.target.value)}
            />
            {error && (
              <p id={errorId} className="text-sm text-error">
                {error}
              </p>
            )}
          </div>
        )}
      </td>
      <td className="align-top" data-testid="unit-price" data-label={m.unitPrice}>
        <span data-amount>{amounts ? amounts.unit : '—'}</span>
        {amounts?.otherUnit && (
          <span className="block text-xs text-base-content/70">
            <span data-amount>{currencyWords.approx(amounts.otherUnit)}</span>
          </span>
        )}
      </td>
      <td className="align-top" data-testid="line-total" data-label={m.lineTotal}>
        {/* A refused quantity has no total: the subtotal leaves it out too. */}
        <span data-amount>{amounts && row.problem === null ? amounts.total : '—'}</span>
      </td>
      <td className="align-top">
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          aria-label={m.removeLine(name)}
          onClick={onRemove}
        >
          {m.remove}
        </button>
      </td>
    </tr>
  )
}
