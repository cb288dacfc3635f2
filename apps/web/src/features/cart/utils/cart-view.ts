import {
  bestPromotion,
  firstOrderOffers,
  formatMinor,
  messages,
  orderTotals,
  orderUnitPrice,
  SHOP_COUNTRY,
  taxOrder,
  toCents,
  type CartLineInput,
  type CartQuoteLine,
  type DiscountOffer,
  type FirstOrderEligibility,
  type OrderCurrency,
  type OrderTotals,
  type PricedLine,
  type PricingBasis,
  type Promotion,
  type Tool,
} from '@toolworks/shared'

import { madeToOrderText, priceFor, quantityMessage, quantityToUse } from '@/lib/buying-rules'

/** What the page knows of a line's tool: loading, there, or gone from the shop. */
export type ToolState = { status: 'loading' } | { status: 'gone' } | { status: 'ok'; tool: Tool }

/** One line as the cart page shows it. `quantity` is what the buyer typed, kept or not. */
export type CartRow = {
  tool: string
  quantity: number
  state: ToolState
  /** Why the quantity cannot be ordered (the purchase page's words), or null. */
  problem: string | null
  /** The break in force and the totals, for any whole quantity (null while unknown). */
  priced: PricedLine | null
  /** "N from stock, M made to order, …" when part is made. */
  split: string | null
}

export function cartRow(line: CartLineInput, quantity: number, state: ToolState): CartRow {
  if (state.status !== 'ok')
    return { tool: line.tool, quantity, state, problem: null, priced: null, split: null }
  const refused = quantityMessage(state.tool, quantity)
  const instead = refused === null ? null : quantityToUse(state.tool, quantity)
  // The rule's words, then the quantity to use, as two sentences: some of the seed's
  // rules end without a full stop ("Please order in multiples of 10").
  const problem =
    refused === null || instead === null
      ? refused
      : `${/[.!?]$/.test(refused) ? refused : `${refused}.`} ${messages.cart.useQuantity(instead)}`
  const priced = Number.isInteger(quantity) && quantity > 0 ? priceFor(state.tool, quantity) : null
  return {
    tool: line.tool,
    quantity,
    state,
    problem,
    priced,
    split: priced && problem === null ? madeToOrderText(state.tool, priced) : null,
  }
}

/** A row that can be checked out: its tool is there and its quantity passes the rules. */
export const isOrderable = (row: CartRow) =>
  row.state.status === 'ok' && row.problem === null && row.priced !== null

/**
 * The first-order promotions the buyer may get, as an estimate: the active ones,
 * when the server's own rule (a verified e-mail; once per account, per phone and per address)
 * says this buyer's order to this phone and address gets one. Which one applies is the server's
 * rule too (`bestPromotion`, in cartTotals). The server decides again at order time; the placed
 * order shows its numbers.
 */
export function estimatedOffers(
  promotions: readonly Promotion[] | undefined,
  eligibility: FirstOrderEligibility | undefined,
): DiscountOffer[] {
  return eligibility === 'eligible' ? firstOrderOffers(promotions) : []
}

/** A custom part's line total in cents: the quoted unit price times the quoted quantity. */
export const quoteLineTotalCents = (line: Pick<CartQuoteLine, 'unitPrice' | 'quantity'>) =>
  toCents(line.unitPrice) * line.quantity

/** How the cart is priced: its currency and rate, the delivery country, the VAT. */
export type CartPricing = PricingBasis

const DOLLARS_IN_BANGLADESH: CartPricing = {
  currency: 'USD',
  rate: null,
  country: SHOP_COUNTRY,
  vatPercent: 15,
}

/**
 * Subtotal, discount and total over the rows that can be ordered and the custom parts (issue
 * 15: they are lines of the same order, so the first-order discount counts them too), with the
 * promotion the server would charge on that subtotal (`bestPromotion`), or null. In the minor
 * unit of the cart's currency, by the shared taxOrder the server charges by: taka at
 * the rate, an export without VAT.
 */
export function cartTotals(
  rows: readonly CartRow[],
  offers: readonly DiscountOffer[],
  custom: readonly CartQuoteLine[] = [],
  pricing: CartPricing = DOLLARS_IN_BANGLADESH,
): OrderTotals & {
  discount: DiscountOffer | null
  /** Whether the discount is its cap rather than its percent. */
  capped: boolean
  currency: OrderCurrency
  vatRate: number
  vatCents: number
} {
  const priced = rows.filter(isOrderable).map((row) => row.priced!)
  const quoted = custom.map((line) => ({
    unitPriceCents: toCents(line.unitPrice),
    quantity: line.quantity,
    lineTotalCents: quoteLineTotalCents(line),
  }))
  const lines = [...priced, ...quoted]
  const best = bestPromotion(offers, orderTotals(lines, null).subtotalCents)
  const taxed = taxOrder({
    ...shownIn(pricing),
    lines: lines.map((l) => ({ unitUsdCents: l.unitPriceCents, quantity: l.quantity })),
    discount: best && { percent: best.offer.percent, capUsdCents: best.offer.capCents },
  })
  // The cap limits the discount when it is less than the percent would give.
  const capped =
    best !== null && taxed.discount < Math.round((taxed.subtotal * best.offer.percent) / 100)
  return {
    subtotalCents: taxed.subtotal,
    discountCents: taxed.discount,
    totalCents: taxed.total,
    discount: best?.offer ?? null,
    capped,
    currency: taxed.currency,
    vatRate: taxed.vatRate,
    vatCents: taxed.vat,
  }
}

/** A currency the cart can be shown in: taka only with a rate. */
const shownIn = (pricing: CartPricing): CartPricing =>
  pricing.rate ? pricing : { ...pricing, currency: 'USD' }

/**
 * A line's unit price and total as the order will charge them (taka at the rate, an
 * export without VAT), and the unit price in the other currency while a rate is set.
 */
export function lineAmounts(unitUsdCents: number, quantity: number, pricing: CartPricing) {
  const basis = shownIn(pricing)
  const unit = orderUnitPrice(unitUsdCents, basis)
  const other: OrderCurrency = basis.currency === 'BDT' ? 'USD' : 'BDT'
  return {
    unit: formatMinor(unit, basis.currency),
    total: formatMinor(unit * quantity, basis.currency),
    otherUnit: basis.rate
      ? formatMinor(orderUnitPrice(unitUsdCents, { ...basis, currency: other }), other)
      : null,
  }
}
