import {
  orderTotals,
  toCents,
  type CartLineInput,
  type CartQuoteLine,
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

/** The active first-order promotion, if any (the cart asks the server about it only then). */
export const firstOrderOffer = (promotions: readonly Promotion[] | undefined) =>
  promotions?.find((p) => p.kind === 'first-order' && p.percent !== null)

/**
 * The first-order discount the buyer may get (issues 14, 25), as an estimate: an active
 * first-order promotion, and the server's own rule (a verified e-mail; once per account, per
 * phone and per address) says this buyer's order to this phone and address gets it. The
 * server decides again at order time; the placed order shows its numbers.
 */
export function estimatedDiscount(
  promotions: readonly Promotion[] | undefined,
  eligibility: FirstOrderEligibility | undefined,
): { percent: number; capCents: number } | null {
  if (eligibility !== 'eligible') return null
  const offer = firstOrderOffer(promotions)
  if (!offer || offer.percent === null) return null
  return { percent: offer.percent, capCents: toCents(offer.cap ?? 0) }
}

/** A custom part's line total in cents: the quoted unit price times the quoted quantity. */
export const quoteLineTotalCents = (line: Pick<CartQuoteLine, 'unitPrice' | 'quantity'>) =>
  toCents(line.unitPrice) * line.quantity

/**
 * Subtotal, discount and total over the rows that can be ordered and the custom parts (issue
 * 15: they are lines of the same order, so the first-order discount counts them too), in cents.
 */
export function cartTotals(
  rows: readonly CartRow[],
  discount: { percent: number; capCents: number } | null,
  custom: readonly CartQuoteLine[] = [],
): OrderTotals {
  const priced = rows.filter(isOrderable).map((row) => row.priced!)
  const quoted = custom.map((line) => ({ lineTotalCents: quoteLineTotalCents(line) }))
  return orderTotals([...priced, ...quoted], discount)
}
