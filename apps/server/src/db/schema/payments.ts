import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { PAYMENT_METHODS } from '@toolworks/shared'

import { timestamps } from './columns.js'
import { orders } from './orders.js'

/**
 * The sandbox provider's payment intents (issue 5). Stripe keeps its own; this table is the
 * sandbox's stand-in for Stripe's records. No card data is ever stored here.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    // `canceled` as Stripe spells it: the order was cancelled, the intent can no longer be paid.
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    clientSecretHash: text('client_secret_hash').notNull(),
    lastError: text('last_error'),
    /** The sandbox's record of a refund (a payment that arrived for a sold-out, cancelled order). */
    refundId: text('refund_id'),
    ...timestamps,
  },
  (t) => [index('sandbox_payment_intents_order_idx').on(t.orderId)],
)

/**
 * One payment attempt at a gateway (issue 27): SSLCommerz knows an attempt only by its
 * `tran_id`, so this maps each to its order. A retried attempt gets a new one; what the gateway
 * said last is kept for My Orders' outcome and the audit log.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    tranId: text('tran_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The last thing the gateway said of it (VALID, FAILED, CANCELLED…); null while open. */
    outcome: text('outcome'),
    ...timestamps,
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId),
    check('payment_attempts_tran_id_length', sql`length(${t.tranId}) <= 30`),
  ],
)
