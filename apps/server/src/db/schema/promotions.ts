import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { PROMOTION_KINDS } from '@toolworks/shared'

import { timestamps } from './columns.js'

/**
 * What the shop promises on its home page: a first-order discount (percent with a
 * cap) or a free-shipping note, active from one shop date to another, inclusive.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    percent: integer('percent'),
    capCents: integer('cap_cents'),
    startsAt: date('starts_at', { mode: 'string' }).notNull(),
    endsAt: date('ends_at', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [
    check('promotions_dates_ordered', sql`${t.endsAt} >= ${t.startsAt}`),
    check(
      'promotions_discount_shape',
      sql`(${t.kind} = 'first-order' and ${t.percent} between 1 and 100 and ${t.capCents} > 0)
        or (${t.kind} = 'free-shipping' and ${t.percent} is null and ${t.capCents} is null)`,
    ),
    index('promotions_active_idx').on(t.kind, t.startsAt, t.endsAt),
  ],
)
