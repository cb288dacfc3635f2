import { sql } from 'drizzle-orm'
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'

import { users } from './accounts.js'
import { tools } from './catalog.js'
import { timestamps } from './columns.js'

/**
 * A signed-in buyer's cart, kept by the server so it follows them across devices.
 * One row per tool; `position` keeps the buyer's order of lines.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
