import {
  messages,
  quantityProblem,
  type CartLineInput,
  type ErrorCode,
  type PricedTool,
} from '@toolworks/shared'

import { AppError } from '../../lib/app-error.js'
import type { LineToolRow } from '../catalog/catalog.queries.js'

/** Why one line of a cart or a checkout cannot be had (issue 14). */
export type LineRefusal = {
  /** 0-based, as in the request. */
  index: number
  name: string
  field: 'tool' | 'quantity'
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
 * Ids as the database spells them (a uuid may come in capitals), so that one tool cannot
 * hide in a cart twice under two spellings.
 */
export function normalizeLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const normalized = lines.map((line) => ({ ...line, tool: line.tool.toLowerCase() }))
  const seen = new Set<string>()
  normalized.forEach((line, index) => {
    if (seen.has(line.tool)) {
      const message = messages.cartRules.duplicateTool
      throw new AppError('VALIDATION_FAILED', message, { [`lines.${index}.tool`]: message })
    }
    seen.add(line.tool)
  })
  return normalized
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
