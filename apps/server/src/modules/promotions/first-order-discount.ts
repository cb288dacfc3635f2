import { messages, percentDiscountCents } from '@toolworks/shared'

import type { DbOrTx } from '../../db/client.js'
import { listActiveFirstOrderPromotions } from './promotions.queries.js'

export type FirstOrderDiscount = {
  promotionId: string
  percent: number
  amountCents: number
  label: string
}

/**
 * The best first-order discount active on a shop date for a subtotal (issue 14): the one
 * worth most to the buyer once its cap applies. Null when none is active or it comes to 0.
 * Reads inside the order's transaction, so the order and its discount agree.
 */
export async function bestFirstOrderDiscount(
  tx: DbOrTx,
  day: string,
  subtotalCents: number,
): Promise<FirstOrderDiscount | null> {
  let best: FirstOrderDiscount | null = null
  for (const promotion of await listActiveFirstOrderPromotions(tx, day)) {
    // The table's check makes both present for first-order rows; skip anything else.
    if (promotion.percent === null || promotion.capCents === null) continue
    const amountCents = percentDiscountCents(subtotalCents, promotion.percent, promotion.capCents)
    if (amountCents > 0 && (!best || amountCents > best.amountCents))
      best = {
        promotionId: promotion.id,
        percent: promotion.percent,
        amountCents,
        label: messages.promotions.firstOrderLabel(promotion.percent),
      }
  }
  return best
}
