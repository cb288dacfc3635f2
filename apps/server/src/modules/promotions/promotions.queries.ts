import { and, asc, desc, eq, gte, lte } from 'drizzle-orm'

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

/** Every promotion for the admin's table: the latest start first. */
export function listAllPromotions(db: DbOrTx): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .orderBy(desc(promotions.startsAt), asc(promotions.kind), asc(promotions.id))
}

export async function insertPromotion(db: DbOrTx, row: NewPromotionRow): Promise<PromotionRow> {
  const [inserted] = await db.insert(promotions).values(row).returning()
  if (!inserted) throw new Error('insert returned no row')
  return inserted
}

/** The row an edit merges into, locked so that two edits cannot both pass the merged check. */
export async function lockPromotion(tx: DbOrTx, id: string): Promise<PromotionRow | undefined> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(eq(promotions.id, id))
    .for('update')
    .limit(1)
  return row
}

export async function updatePromotion(
  tx: DbOrTx,
  id: string,
  changes: Partial<NewPromotionRow>,
): Promise<PromotionRow | undefined> {
  const [row] = await tx.update(promotions).set(changes).where(eq(promotions.id, id)).returning()
  return row
}

export async function deletePromotion(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(promotions)
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id })
  return rows.length > 0
}
