import {
  messages,
  mostFromStock,
  priceLine,
  quantityProblem,
  roundUpQuantity,
  toCents,
  type PricedLine,
  type PricedTool,
  type Tool,
} from '@toolworks/shared'

type BuyingFields = Pick<
  Tool,
  'price' | 'priceBreaks' | 'packSize' | 'minimum' | 'quantity' | 'madeToOrder' | 'leadTimeDays'
>

/** A tool as the shared price calculation reads it (cents), so the page and the server agree. */
export function pricedTool(tool: BuyingFields): PricedTool {
  return {
    priceCents: toCents(tool.price),
    priceBreaks: tool.priceBreaks.map((b) => ({
      minQuantity: b.minQuantity,
      priceCents: toCents(b.price),
    })),
    packSize: tool.packSize,
    minimum: tool.minimum,
    stock: tool.quantity,
    madeToOrder: tool.madeToOrder,
    leadTimeDays: tool.leadTimeDays,
  }
}

/**
 * Why this quantity cannot be ordered, in the purchase page's words (docs/product.md §5 and the
 * buying rules), or null. The purchase page and the cart say the same. Above stock is refused only for
 * tools that are not made to order.
 */
export function quantityMessage(tool: BuyingFields, quantity: number): string | null {
  const problem = quantityProblem(pricedTool(tool), quantity)
  if (problem === null) return null
  switch (problem.kind) {
    case 'not-whole':
      // 0 and negative numbers are below the minimum; an empty or broken entry is not a number.
      return Number.isInteger(quantity)
        ? messages.orderRules.belowMinimum(tool.minimum)
        : messages.orderRules.invalidQuantity
    case 'below-minimum':
      return messages.orderRules.belowMinimum(problem.minimum)
    case 'not-pack-multiple':
      return messages.orderRules.packMultiple(problem.packSize)
    case 'over-stock':
      return messages.orderRules.invalidQuantity
  }
}

/** The line's price and stock split for a quantity that passes quantityMessage. */
export function priceFor(tool: BuyingFields, quantity: number): PricedLine {
  return priceLine(pricedTool(tool), quantity)
}

/** "N from stock, M made to order, ships in about D working days", when part is made. */
export function madeToOrderText(tool: BuyingFields, line: PricedLine): string | null {
  if (line.madeToOrder === 0) return null
  return messages.ordering.madeToOrderSplit(
    line.fromStock,
    line.madeToOrder,
    tool.leadTimeDays ?? 0,
  )
}

/**
 * The quantity to use instead of a refused one: rounded up to the minimum and the
 * pack size, or down to what stock holds for a tool that is not made to order; null when there
 * is none (nothing left).
 */
export function quantityToUse(tool: BuyingFields, quantity: number): number | null {
  const problem = quantityProblem(pricedTool(tool), quantity)
  if (problem === null) return null
  if (problem.kind === 'over-stock')
    return mostFromStock({ minimum: tool.minimum, packSize: tool.packSize, stock: tool.quantity })
  const wanted = Number.isFinite(quantity) && quantity > 0 ? Math.ceil(quantity) : tool.minimum
  return roundUpQuantity(wanted, tool)
}

/** The next volume price above this quantity, and how many more units reach it. */
export function nextPriceBreak(
  tool: Pick<Tool, 'priceBreaks'>,
  quantity: number,
): { more: number; price: number } | null {
  const next = tool.priceBreaks
    .filter((b) => b.minQuantity > quantity)
    .sort((a, b) => a.minQuantity - b.minQuantity)[0]
  return next ? { more: next.minQuantity - quantity, price: next.price } : null
}
