import {
  isOrderableQuantity,
  mostFromStock,
  quantityProblem,
  quickOrderMessages,
  roundUpQuantity,
  type QuickOrderLine,
  type QuickOrderRefusal,
} from '@toolworks/shared'

import type { LineToolRow } from '../catalog/catalog.queries.js'
import { pricedTool } from './line-rules.js'

const r = quickOrderMessages.reasons

/**
 * Every line of a quick order that cannot be had, with why and how to fix it: an
 * unknown part number (with the closest one), a quantity that is no whole number, below the
 * minimum or not whole packs (with the quantity to round up to), more than the stock of a tool
 * that is not made to order (with the most the stock gives). The rules are the cart's and the
 * checkout's (shared `quantityProblem`), so a line that passes here passes there.
 *
 * `tools` and `closest` are keyed by the lower-cased part number.
 */
export function quickOrderRefusals(
  lines: readonly QuickOrderLine[],
  tools: ReadonlyMap<string, LineToolRow>,
  closest: ReadonlyMap<string, string>,
): QuickOrderRefusal[] {
  const refusals: QuickOrderRefusal[] = []
  for (const { line, partNumber, quantity } of lines) {
    const refuse = (
      kind: QuickOrderRefusal['kind'],
      reason: string,
      suggestion: QuickOrderRefusal['suggestion'],
    ) => refusals.push({ line, partNumber, kind, reason, suggestion })
    const key = partNumber.toLowerCase()
    const tool = tools.get(key)
    if (!tool) {
      const near = closest.get(key)
      refuse('unknown-part', near ? r.unknownPartSuggest(near) : r.unknownPart, near ?? null)
      continue
    }
    if (!isOrderableQuantity(quantity)) {
      refuse('bad-quantity', r.badQuantity, roundUpQuantity(1, tool))
      continue
    }
    const priced = pricedTool(tool)
    const problem = quantityProblem(priced, quantity)
    if (!problem) continue
    switch (problem.kind) {
      case 'below-minimum':
        refuse('below-minimum', r.belowMinimum(problem.minimum), roundUpQuantity(quantity, tool))
        break
      case 'not-pack-multiple': {
        const up = roundUpQuantity(quantity, tool)
        refuse('pack-multiple', r.packMultiple(problem.packSize, up), up)
        break
      }
      case 'over-stock':
        refuse('out-of-stock', r.outOfStock(problem.stock), mostFromStock(priced))
        break
      case 'not-whole':
        refuse('bad-quantity', r.badQuantity, roundUpQuantity(1, tool))
        break
    }
  }
  return refusals.sort((a, b) => a.line - b.line)
}
