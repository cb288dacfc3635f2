import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { timestamps } from './columns.js'

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    minimum: integer('minimum').notNull().default(1),
    /** A deleted tool leaves the shop but its orders keep their snapshot (issue 6). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} > 0`),
    check('tools_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('tools_minimum_positive', sql`${t.minimum} >= 1`),
    // The shop lists only tools on sale, newest first or by price, 24 at a time, and
    // searches them by name (issue 8): each of those reads walks one of these indexes.
    index('tools_active_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('tools_active_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('tools_name_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
)
