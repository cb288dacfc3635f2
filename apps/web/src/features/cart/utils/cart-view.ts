import {
  bestPromotion,
  firstOrderOffers,
  orderTotals,
  toCents,
  type CartLineInput,
  type CartQuoteLine,
  type DiscountOffer,
  type FirstOrderEligibility,
  type OrderTotals,
  type PricedLine,
  type Promotion,
  type Tool,
} from '@toolworks/shared'

import { madeToOrderText, priceFor, quantityMessage } from '@/lib/buying-rules'

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
  const problem = quantityMessage(state.tool, quantity)
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
 * The first-order promotions the buyer may get (issues 14, 25), as an estimate: the active ones,
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

/**
 * Subtotal, discount and total over the rows that can be ordered and the custom parts (issue
 * 15: they are lines of the same order, so the first-order discount counts them too), in cents,
 * with the promotion the server would charge on that subtotal (`bestPromotion`), or null.
 */
export function cartTotals(
  rows: readonly CartRow[],
  offers: readonly DiscountOffer[],
  custom: readonly CartQuoteLine[] = [],
): OrderTotals & { discount: DiscountOffer | null } {
  const priced = rows.filter(isOrderable).map((row) => row.priced!)
  const quoted = custom.map((line) => ({ lineTotalCents: quoteLineTotalCents(line) }))
  const lines = [...priced, ...quoted]
  const best = bestPromotion(offers, orderTotals(lines, null).subtotalCents)
  return { ...orderTotals(lines, best?.offer ?? null), discount: best?.offer ?? null }
}
