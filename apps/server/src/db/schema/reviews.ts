import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'

import { users } from './accounts.js'
import { timestamps } from './columns.js'

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    reviewText: text('review_text').notNull(),
    stars: integer('stars').notNull(),
    ...timestamps,
  },
  (t) => [
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)
