import type { PriceBreakCents } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

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
    /** Volume prices (issue 14): ascending `{ minQuantity, priceCents }`, at most 5. */
    priceBreaks: jsonb('price_breaks')
      .$type<PriceBreakCents[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Sold only in multiples of this. */
    packSize: integer('pack_size').notNull().default(1),
    /** May be ordered beyond stock; the rest is made in leadTimeDays working days. */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    leadTimeDays: integer('lead_time_days'),
    /** A deleted tool leaves the shop but its orders keep their snapshot (issue 6). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} > 0`),
    check('tools_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('tools_minimum_positive', sql`${t.minimum} >= 1`),
    check('tools_pack_size_positive', sql`${t.packSize} >= 1`),
    check(
      'tools_made_to_order_lead_time',
      sql`not ${t.madeToOrder} or ${t.leadTimeDays} between 1 and 365`,
    ),
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
