import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  ORDER_CURRENCIES,
  PAYMENT_METHODS,
  PAYMENT_RECORD_STATES,
  REFUND_REASONS,
  REFUND_STATES,
} from '@toolworks/shared'

import { users } from './accounts.js'
import { timestamps } from './columns.js'
import { orders } from './orders.js'

/**
 * The sandbox provider's payment intents. Stripe keeps its own; this table is the
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
 * One payment attempt at a gateway: SSLCommerz knows an attempt only by its
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
    /**
     * The gateway's page for this attempt: a second start while it is still open sends the buyer
     * back to it instead of opening another session that could be paid a second time.
     */
    gatewayUrl: text('gateway_url'),
    ...timestamps,
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId),
    check('payment_attempts_tran_id_length', sql`length(${t.tranId}) <= 30`),
  ],
)

/**
 * Every amount received or claimed for an order (packages/shared/src/payment-records.ts): one
 * row per payment, whichever provider took it. The provider and its payment id are unique
 * together, so a replayed notification or return finds the row it wrote the first time. The
 * order's `paid`, `transaction_id` and `payment_state` summarise these rows and are written in
 * the same transaction.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The provider's name in the registry (stripe, sandbox, sslcommerz, bank-transfer). */
    provider: text('provider').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The id the provider refunds and looks it up by: a card intent, SSLCommerz's val_id. */
    providerPaymentId: text('provider_payment_id').notNull(),
    /** The provider's reference people read: the bank transaction, the transfer's reference. */
    providerRef: text('provider_ref'),
    /** The gateway attempt it came through (SSLCommerz tran_id), when there was one. */
    tranId: text('tran_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ORDER_CURRENCIES }).notNull(),
    state: text('state', { enum: PAYMENT_RECORD_STATES }).notNull(),
    /** When the money was received (or claimed), as the provider or the admin said. */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
)

/**
 * Every refund of a payment (packages/shared/src/payment-records.ts): written as `requested` (or
 * `due`, by hand) in the transaction that decides it, before any provider is called; the call is
 * made only from `requested` and its answer moves the row. One per payment and reason.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ORDER_CURRENCIES }).notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull(),
    /** The provider's refund id, or the outgoing transfer's reference for one made by hand. */
    providerRefundId: text('provider_refund_id'),
    /** What the provider said when it refused, for the admin. */
    failure: text('failure'),
    /** Who decided it: an admin, or null for the shop itself (a late or second payment). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_payment_reason').on(t.paymentId, t.reason),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} <> 'done'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
)
