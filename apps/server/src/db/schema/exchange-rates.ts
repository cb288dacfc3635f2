import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Every taka rate an admin set, never updated or deleted: the one in force is the
 * latest whose `effective_from` has come, and a placed order keeps the rate it used.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Taka per US dollar in ten-thousandths (122.5 is 1,225,000): integers, no float drift. */
    perUsdUnits: integer('per_usd_units').notNull(),
    /** The shop date it applies from. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    setByEmail: text('set_by_email').notNull(),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_rates_positive', sql`${t.perUsdUnits} > 0`),
    index('exchange_rates_effective_idx').on(t.effectiveFrom.desc(), t.setAt.desc()),
  ],
)
