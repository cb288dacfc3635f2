import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './accounts.js'
import { tools } from './catalog.js'
import { timestamps } from './columns.js'

/**
 * An order keeps a snapshot of what was bought (tool name, unit price), so it stays
 * whole when the catalogue changes (STYLE.md §3).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    toolName: text('tool_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    customerId: text('customer_id').references(() => users.id),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: ['unpaid', 'paid', 'shipped', 'cancelled'] })
      .notNull()
      .default('unpaid'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    paymentIntentId: text('payment_intent_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** A paid order is never deleted; the customer's delete only hides it (issue 4). */
    hiddenByCustomer: boolean('hidden_by_customer').notNull().default(false),
    /**
     * Why a cancelled order was cancelled (issue 13): by its customer, by an admin, because its
     * hold expired, or because its money arrived after the cancellation when the stock was gone
     * and it was refunded. Null while the order is live.
     */
    cancelReason: text('cancel_reason', {
      enum: ['customer', 'admin', 'expired', 'refunded_out_of_stock'],
    }),
    /** The provider's refund of a payment that arrived for a cancelled, sold-out order. */
    refundId: text('refund_id'),
    ...timestamps,
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_total_matches', sql`${t.totalCents} = ${t.quantity} * ${t.unitPriceCents}`),
    index('orders_customer_email_idx').on(t.customerEmail, t.createdAt.desc()),
    index('orders_tool_id_idx').on(t.toolId),
    index('orders_created_at_idx').on(t.createdAt.desc()),
    // The hold sweeper and the open-unpaid limit read only unpaid orders (issue 13, M4).
    index('orders_unpaid_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unpaid'`),
    index('orders_unpaid_customer_idx')
      .on(t.customerId)
      .where(sql`${t.status} = 'unpaid'`),
  ],
)
