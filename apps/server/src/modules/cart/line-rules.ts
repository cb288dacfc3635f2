import {
  isQuoteLine,
  messages,
  quantityProblem,
  type CartAnyLineInput,
  type CartLineInput,
  type ErrorCode,
  type PricedTool,
} from '@toolworks/shared'

import { AppError } from '../../lib/app-error.js'
import type { LineToolRow } from '../catalog/catalog.queries.js'

/** Why one line of a cart or a checkout cannot be had. */
export type LineRefusal = {
  /** 0-based, as in the request. */
  index: number
  name: string
  field: 'tool' | 'quantity' | 'quote'
  code: ErrorCode
  why: string
}

/** What the price calculation needs of a tool row. */
export function pricedTool(row: LineToolRow): PricedTool {
  return {
    priceCents: row.priceCents,
    priceBreaks: row.priceBreaks,
    packSize: row.packSize,
    minimum: row.minimum,
    stock: row.quantity,
    madeToOrder: row.madeToOrder,
    leadTimeDays: row.leadTimeDays,
  }
}

/**
 * A cart's or a checkout's lines split into stock tools and custom parts, ids as
 * the database spells them, each with its place in the request (refusals name that place).
 */
export function splitLines(lines: readonly CartAnyLineInput[]) {
  const tools: CartLineInput[] = []
  const toolIndex: number[] = []
  const quotes: { index: number; quote: string; quantity: number }[] = []
  const seen = new Set<string>()
  lines.forEach((line, index) => {
    if (isQuoteLine(line)) {
      const quote = line.quote.toLowerCase()
      if (seen.has(`quote:${quote}`)) {
        const message = messages.cartRules.duplicateQuote
        throw new AppError('VALIDATION_FAILED', message, { [`lines.${index}.quote`]: message })
      }
      seen.add(`quote:${quote}`)
      quotes.push({ index, quote, quantity: line.quantity })
    } else {
      const tool = line.tool.toLowerCase()
      if (seen.has(`tool:${tool}`)) {
        const message = messages.cartRules.duplicateTool
        throw new AppError('VALIDATION_FAILED', message, { [`lines.${index}.tool`]: message })
      }
      seen.add(`tool:${tool}`)
      tools.push({ tool, quantity: line.quantity })
      toolIndex.push(index)
    }
  })
  /** Refusals of the tool lines, renumbered to the request's places. */
  const atRequestPlace = (refusals: readonly LineRefusal[]): LineRefusal[] =>
    refusals.map((r) => ({ ...r, index: toolIndex[r.index] ?? r.index }))
  return { tools, toolIndex, quotes, atRequestPlace }
}

/**
 * Every line that cannot be had, with why. A cart keeps lines beyond the stock (it may come
 * back), so it checks the stock only when `stock` is set, as checkout does.
 */
export function lineRefusals(
  lines: readonly CartLineInput[],
  tools: ReadonlyMap<string, LineToolRow>,
  { stock }: { stock: boolean },
): LineRefusal[] {
  const refusals: LineRefusal[] = []
  lines.forEach((line, index) => {
    const tool = tools.get(line.tool)
    if (!tool || tool.deleted) {
      refusals.push({
        index,
        name: tool?.name ?? line.tool,
        field: 'tool',
        code: 'VALIDATION_FAILED',
        why: messages.cartRules.toolGone,
      })
      return
    }
    const priced = pricedTool(tool)
    const problem = quantityProblem(
      stock ? priced : { ...priced, stock: Number.POSITIVE_INFINITY },
      line.quantity,
    )
    if (!problem) return
    const r = messages.orderRules
    const [code, why]: [ErrorCode, string] =
      problem.kind === 'over-stock'
        ? ['OUT_OF_STOCK', r.outOfStock(problem.stock)]
        : problem.kind === 'below-minimum'
          ? ['VALIDATION_FAILED', r.belowMinimum(problem.minimum)]
          : problem.kind === 'not-pack-multiple'
            ? ['VALIDATION_FAILED', r.packMultiple(problem.packSize)]
            : ['VALIDATION_FAILED', r.invalidQuantity]
    refusals.push({ index, name: tool.name, field: 'quantity', code, why })
  })
  return refusals
}

/**
 * The answer to a cart or checkout with refused lines: the first names its line (1-based)
 * in the message; every refused line gets its field, `lines.<i>.quantity` or `lines.<i>.tool`.
 */
export function refusalError(refusals: readonly LineRefusal[]): AppError {
  const first = refusals[0]
  if (!first) throw new Error('refusalError needs a refusal')
  const fields = Object.fromEntries(
    refusals.map((r) => [`lines.${r.index}.${r.field}`, r.why] as const),
  )
  return new AppError(
    first.code,
    messages.cartRules.lineProblem(first.index + 1, first.name, first.why),
    fields,
  )
}
