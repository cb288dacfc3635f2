import { and, asc, eq, gte, lte } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { promotions } from '../../db/schema/index.js'

export type PromotionRow = typeof promotions.$inferSelect
export type NewPromotionRow = typeof promotions.$inferInsert

/** Promotions active on a shop date (YYYY-MM-DD), both ends inclusive; first-order ones first. */
export function listActivePromotions(db: DbOrTx, day: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(lte(promotions.startsAt, day), gte(promotions.endsAt, day)))
    .orderBy(asc(promotions.kind), asc(promotions.startsAt), asc(promotions.id))
}

/** The first-order discounts active on a shop date; checkout gives the buyer the best of them. */
export function listActiveFirstOrderPromotions(db: DbOrTx, day: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'first-order'),
        lte(promotions.startsAt, day),
        gte(promotions.endsAt, day),
      ),
    )
    .orderBy(asc(promotions.id))
}
