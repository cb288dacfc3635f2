/**
 * The one price calculation (docs/product.md, Buying in bulk): volume price breaks, pack sizes, made to
 * order and a capped first-order discount. Pure and in integer cents, so the purchase page,
 * the cart and the server compute the same numbers; the server's result is the one stored
 * and charged.
 */

import { addWorkingDays, shopDate } from './shop-calendar.js'

export const PRICE_BREAKS_MAX = 5

/** From `minQuantity` units on, each unit costs `priceCents`. */
export type PriceBreakCents = { minQuantity: number; priceCents: number }

/** What pricing needs to know of a tool. */
export type PricedTool = {
  priceCents: number
  /** Ascending by minQuantity; may be empty. */
  priceBreaks: readonly PriceBreakCents[]
  /** Sold only in multiples of this (1: any quantity). */
  packSize: number
  /** The minimum order quantity. */
  minimum: number
  /** Units in stock now. */
  stock: number
  madeToOrder: boolean
  /** Working days to make what stock cannot cover (made-to-order tools only). */
  leadTimeDays: number | null
}

export type QuantityProblem =
  | { kind: 'not-whole' }
  | { kind: 'below-minimum'; minimum: number }
  | { kind: 'not-pack-multiple'; packSize: number }
  | { kind: 'over-stock'; stock: number }

export type PricedLine = {
  quantity: number
  /** Index in priceBreaks of the break in force, or -1 for the base price. */
  breakIndex: number
  unitPriceCents: number
  lineTotalCents: number
  fromStock: number
  madeToOrder: number
}

/** Index of the break in force for a quantity: the last one whose minQuantity it reaches. */
export function breakIndexFor(breaks: readonly PriceBreakCents[], quantity: number): number {
  let found = -1
  breaks.forEach((b, i) => {
    if (quantity >= b.minQuantity) found = i
  })
  return found
}

export function unitPriceCents(
  tool: Pick<PricedTool, 'priceCents' | 'priceBreaks'>,
  quantity: number,
) {
  const index = breakIndexFor(tool.priceBreaks, quantity)
  return index < 0 ? tool.priceCents : tool.priceBreaks[index]!.priceCents
}

/** Why a quantity cannot be ordered, or null when it can. Rules in the order a buyer meets them. */
export function quantityProblem(tool: PricedTool, quantity: number): QuantityProblem | null {
  if (!Number.isInteger(quantity) || quantity < 1) return { kind: 'not-whole' }
  if (quantity < tool.minimum) return { kind: 'below-minimum', minimum: tool.minimum }
  if (quantity % tool.packSize !== 0) return { kind: 'not-pack-multiple', packSize: tool.packSize }
  if (!tool.madeToOrder && quantity > tool.stock) return { kind: 'over-stock', stock: tool.stock }
  return null
}

/** How much of a quantity comes from stock and how much is made (only made-to-order tools exceed stock). */
export function splitStock(
  tool: Pick<PricedTool, 'stock' | 'madeToOrder'>,
  quantity: number,
): { fromStock: number; madeToOrder: number } {
  const fromStock = Math.min(quantity, Math.max(0, tool.stock))
  return { fromStock, madeToOrder: tool.madeToOrder ? quantity - fromStock : 0 }
}

/** Prices one line; the quantity must already pass quantityProblem. */
export function priceLine(tool: PricedTool, quantity: number): PricedLine {
  const breakIndex = breakIndexFor(tool.priceBreaks, quantity)
  const unit = breakIndex < 0 ? tool.priceCents : tool.priceBreaks[breakIndex]!.priceCents
  return {
    quantity,
    breakIndex,
    unitPriceCents: unit,
    lineTotalCents: unit * quantity,
    ...splitStock(tool, quantity),
  }
}

export type PriceBreakProblem =
  | { kind: 'too-many'; max: number }
  | { kind: 'not-ascending'; index: number }
  | { kind: 'price-not-falling'; index: number }
  | { kind: 'not-pack-multiple'; index: number; packSize: number }

/**
 * A tool's breaks must rise in quantity and fall in price, starting at or below the base
 * price, each quantity a multiple of the pack size (else the break could never apply).
 */
export function priceBreaksProblem(
  tool: Pick<PricedTool, 'priceCents' | 'priceBreaks' | 'packSize'>,
): PriceBreakProblem | null {
  const breaks = tool.priceBreaks
  if (breaks.length > PRICE_BREAKS_MAX) return { kind: 'too-many', max: PRICE_BREAKS_MAX }
  for (let i = 0; i < breaks.length; i++) {
    const b = breaks[i]!
    const before = i === 0 ? undefined : breaks[i - 1]!
    if (!Number.isInteger(b.minQuantity) || b.minQuantity < 1)
      return { kind: 'not-ascending', index: i }
    if (before && b.minQuantity <= before.minQuantity) return { kind: 'not-ascending', index: i }
    if (b.minQuantity % tool.packSize !== 0)
      return { kind: 'not-pack-multiple', index: i, packSize: tool.packSize }
    const ceiling = before ? before.priceCents - 1 : tool.priceCents
    if (!Number.isInteger(b.priceCents) || b.priceCents < 0 || b.priceCents > ceiling)
      return { kind: 'price-not-falling', index: i }
  }
  return null
}

/** A percent discount on a subtotal, rounded to the cent (half up) and capped. */
export function percentDiscountCents(subtotalCents: number, percent: number, capCents: number) {
  const raw = Math.round((subtotalCents * percent) / 100)
  return Math.max(0, Math.min(raw, capCents, subtotalCents))
}

/** A first-order promotion as the discount rule needs it: its id, percent and cap in cents. */
export type DiscountOffer = { id: string; percent: number; capCents: number }

/**
 * The first-order promotion the shop charges, one rule for the server's order and the
 * cart's estimate: of the active ones, the one worth most to the buyer on this
 * subtotal once its cap applies; on a tie the smallest id, as the server lists them. Null when
 * none is active or the best comes to 0.
 */
export function bestPromotion<P extends DiscountOffer>(
  offers: readonly P[],
  subtotalCents: number,
): { offer: P; amountCents: number } | null {
  let best: { offer: P; amountCents: number } | null = null
  for (const offer of offers) {
    const amountCents = percentDiscountCents(subtotalCents, offer.percent, offer.capCents)
    if (amountCents <= 0) continue
    if (
      !best ||
      amountCents > best.amountCents ||
      (amountCents === best.amountCents && offer.id < best.offer.id)
    )
      best = { offer, amountCents }
  }
  return best
}

export type OrderTotals = { subtotalCents: number; discountCents: number; totalCents: number }

export function orderTotals(
  lines: readonly Pick<PricedLine, 'lineTotalCents'>[],
  discount: { percent: number; capCents: number } | null,
): OrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0)
  const discountCents = discount
    ? percentDiscountCents(subtotalCents, discount.percent, discount.capCents)
    : 0
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents }
}

/**
 * When a line ships: today (the shop's date) when stock covers it, else after the tool's
 * lead time in working days.
 */
export function shipsBy(
  tool: Pick<PricedTool, 'leadTimeDays'>,
  line: Pick<PricedLine, 'madeToOrder'>,
  at: Date,
): string {
  const today = shopDate(at)
  return line.madeToOrder > 0 ? addWorkingDays(today, tool.leadTimeDays ?? 0) : today
}
