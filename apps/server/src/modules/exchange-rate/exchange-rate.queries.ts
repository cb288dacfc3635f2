import { and, desc, lte } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { exchangeRates } from '../../db/schema/index.js'

export type ExchangeRateRow = typeof exchangeRates.$inferSelect

/** The rate in force on a shop date: the latest set whose date has come; undefined when none. */
export async function rateInForce(db: DbOrTx, shopDay: string) {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(and(lte(exchangeRates.effectiveFrom, shopDay)))
    .orderBy(desc(exchangeRates.effectiveFrom), desc(exchangeRates.setAt))
    .limit(1)
  return row
}

export async function insertRate(
  db: DbOrTx,
  row: typeof exchangeRates.$inferInsert,
): Promise<ExchangeRateRow> {
  const [inserted] = await db.insert(exchangeRates).values(row).returning()
  if (!inserted) throw new Error('insert returned no row')
  return inserted
}

/** Every change, newest first. */
export function rateHistory(db: DbOrTx) {
  return db
    .select()
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.setAt), desc(exchangeRates.effectiveFrom))
}
