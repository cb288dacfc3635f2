import { formatMoney, fromCents, messages, type OrderTotals } from '@toolworks/shared'

const m = messages.cart

type CartTotalsProps = {
  totals: OrderTotals
  /** The estimated first-order discount's words, when one may apply. */
  discountLabel: string | null
  /** Why a first-order discount on offer does not apply to this order (issue 25), or null. */
  discountNote?: string | null
}

const money = (cents: number) => formatMoney(fromCents(cents))

/** Subtotal, discount, total and "Shipping: free" under the cart; read out as they change. */
export function CartTotals({ totals, discountLabel, discountNote = null }: CartTotalsProps) {
  const discounted = discountLabel !== null && totals.discountCents > 0
  return (
    <div aria-live="polite" className="space-y-2" data-testid="cart-totals">
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt>{m.subtotal}</dt>
          <dd data-testid="cart-subtotal">{money(totals.subtotalCents)}</dd>
        </div>
        {discounted && (
          <div className="flex justify-between gap-4">
            <dt>
              {m.discount} ({discountLabel})
            </dt>
            <dd data-testid="cart-discount">−{money(totals.discountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 font-bold">
          <dt>{m.total}</dt>
          <dd className="text-xl font-extrabold" data-testid="cart-total">
            {money(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {discounted && <p className="text-xs text-base-content/70">{m.discountEstimate}</p>}
      {discountNote && (
        <p className="text-xs text-base-content/70" data-testid="cart-discount-note">
          {discountNote}
        </p>
      )}
      <p>{m.shippingFree}</p>
    </div>
  )
}
