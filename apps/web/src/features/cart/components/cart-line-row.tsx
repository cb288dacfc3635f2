import { useId } from 'react'

import { formatMoney, fromCents, messages } from '@toolworks/shared'

import { PriceBreaksTable } from '@/components/ui/price-breaks-table'

import type { CartRow } from '../utils/cart-view'

const m = messages.cart

type CartLineRowProps = {
  row: CartRow
  /** The text in the quantity field (the buyer's, kept even when it breaks a rule). */
  draft: string
  /** The server's word on this line after a refused checkout. */
  serverError?: string
  onQuantity: (text: string) => void
  onRemove: () => void
}

const money = (cents: number | undefined) =>
  cents === undefined ? '—' : formatMoney(fromCents(cents))

/** One line of /cart: image, name, quantity, unit price, line total and Remove (issue 14). */
export function CartLineRow({ row, draft, serverError, onQuantity, onRemove }: CartLineRowProps) {
  const inputId = useId()
  const errorId = `${inputId}-error`
  const tool = row.state.status === 'ok' ? row.state.tool : null
  const name = tool?.name ?? row.tool
  const error = serverError ?? row.problem

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
      <th scope="row" className="align-top font-normal">
        {row.state.status === 'loading' ? (
          <span className="loading loading-spinner loading-xs" aria-label={m.loadingTools} />
        ) : row.state.status === 'gone' ? (
          <p>{m.lineUnavailable}</p>
        ) : (
          <div className="space-y-2">
            <p className="font-semibold">{name}</p>
            {row.split && <p className="text-sm">{row.split}</p>}
            {tool && <PriceBreaksTable tool={tool} quantity={row.quantity} />}
          </div>
        )}
      </th>
      <td className="align-top">
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
      <td className="align-top" data-testid="unit-price">
        {money(row.priced?.unitPriceCents)}
      </td>
      <td className="align-top" data-testid="line-total">
        {money(row.priced?.lineTotalCents)}
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
