import { formatMoney, fromCents, messages, type OrderTotals } from '@toolworks/shared'

const m = messages.cart

type CartTotalsProps = {
  totals: OrderTotals
  /** The estimated first-order discount's words, when one may apply. */
  discountLabel: string | null
}

/** Subtotal, discount, total and "Shipping: free" under the cart; read out as they change. */
export function CartTotals({ totals, discountLabel }: CartTotalsProps) {
  return (
    <div aria-live="polite" className="space-y-1" data-testid="cart-totals">
      <dl className="grid grid-cols-[auto_auto] justify-end gap-x-6 gap-y-1 text-right">
        <dt>{m.subtotal}</dt>
        <dd data-testid="cart-subtotal">{formatMoney(fromCents(totals.subtotalCents))}</dd>
        {discountLabel !== null && totals.discountCents > 0 && (
          <>
            <dt>
              {m.discount} ({discountLabel})
            </dt>
            <dd data-testid="cart-discount">−{formatMoney(fromCents(totals.discountCents))}</dd>
          </>
        )}
        <dt className="font-bold">{m.total}</dt>
        <dd className="text-xl font-extrabold" data-testid="cart-total">
          {formatMoney(fromCents(totals.totalCents))}
        </dd>
      </dl>
      {discountLabel !== null && totals.discountCents > 0 && (
        <p className="text-right text-xs text-base-content/70">{m.discountEstimate}</p>
      )}
      <p className="text-right">{m.shippingFree}</p>
    </div>
  )
}
