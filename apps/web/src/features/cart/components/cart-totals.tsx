import {
  checkoutTaxWords,
  currencyWords,
  formatMinor,
  messages,
  type OrderCurrency,
  type OrderTotals,
} from '@toolworks/shared'

const m = messages.cart

type CartTotalsProps = {
  /** In the minor unit of its currency, with the VAT the total holds. */
  totals: OrderTotals & { currency: OrderCurrency; vatRate: number; vatCents: number }
  /** The total in the other currency, to stand beside it smaller; null without a rate. */
  otherTotal?: string | null
  /** The estimated first-order discount's words, when one may apply. */
  discountLabel: string | null
  /** Why a first-order discount on offer does not apply to this order, or null. */
  discountNote?: string | null
  /** The first-order offer's headline with its cap, while one is on offer. */
  offer?: string | null
}

/** Subtotal, discount, shipping and the total under the cart; read out as they change. */
export function CartTotals({
  totals,
  discountLabel,
  discountNote = null,
  offer = null,
  otherTotal = null,
}: CartTotalsProps) {
  const money = (minor: number) => formatMinor(minor, totals.currency)
  const discounted = discountLabel !== null && totals.discountCents > 0
  return (
    <div aria-live="polite" className="space-y-2" data-testid="cart-totals">
      {offer && (
        <p className="text-sm font-semibold" data-testid="cart-offer">
          {offer}
        </p>
      )}
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt>{m.subtotal}</dt>
          <dd className="whitespace-nowrap" data-testid="cart-subtotal">
            {money(totals.subtotalCents)}
          </dd>
        </div>
        {discounted && (
          <div className="flex justify-between gap-4">
            <dt>
              {m.discount} ({discountLabel})
            </dt>
            {/* On a phone the long label wraps, never the amount (nor its minus sign). */}
            <dd className="whitespace-nowrap" data-testid="cart-discount">
              −{money(totals.discountCents)}
            </dd>
          </div>
        )}
        {/* Shipping above the total, as a receipt reads. */}
        <div className="flex justify-between gap-4">
          <dt>{m.shipping}</dt>
          <dd>{m.free}</dd>
        </div>
        <div className="flex justify-between gap-4 font-bold">
          <dt>{m.total}</dt>
          <dd className="text-right">
            <span className="text-xl font-extrabold whitespace-nowrap" data-testid="cart-total">
              {money(totals.totalCents)}
            </span>
            {otherTotal && (
              <span className="block text-xs font-normal text-base-content/70">
                {currencyWords.approx(otherTotal)}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {totals.vatCents > 0 && (
        <p className="text-xs text-base-content/70" data-testid="cart-vat">
          {checkoutTaxWords.vatIncluded(totals.vatRate, money(totals.vatCents))}
        </p>
      )}
      {discounted && <p className="text-xs text-base-content/70">{m.discountEstimate}</p>}
      {discountNote && (
        <p className="text-xs text-base-content/70" data-testid="cart-discount-note">
          {discountNote}
        </p>
      )}
    </div>
  )
}
