import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  CANCEL_REASONS,
  EXPORT_DOCUMENT_KINDS,
  ORDER_CURRENCIES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
} from '@toolworks/shared'

import { users } from './accounts.js'
import { tools } from './catalog.js'
import { timestamps } from './columns.js'
import { promotions } from './promotions.js'
import { quoteRequests } from './quotes.js'

/**
 * An order keeps a snapshot of what was bought (tool name, unit price), so it stays
 * whole when the catalogue changes (docs/conventions.md §3). Its lines (order_lines) are the truth of
 * what was bought; tool_id, tool_name, unit_price_cents and quantity summarise them
 * for the seed's single-tool fields: the first line's tool and unit price, every line's name
 * and every unit.
 */
/**
 * Order numbers: one sequence for every process, so a number is never given twice
 * and never reused; shown as `TW-10482` (packages/shared orderNumberText).
 */
export const orderNumbers = pgSequence('order_numbers', { startWith: 10001 })

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order's short name for people, given at creation from `order_numbers`. */
    orderNumber: bigint('order_number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_numbers')`),
    /** The first line's tool; null when the first line is a custom part. */
    toolId: uuid('tool_id').references(() => tools.id),
    toolName: text('tool_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Sum of the line totals. */
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The first-order discount, stored as a line of its own: its words and its amount. */
    discountCents: integer('discount_cents').notNull().default(0),
    discountLabel: text('discount_label'),
    promotionId: uuid('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /**
     * This order took the customer's first-order discount. A unique index lets one live
     * (not cancelled) order per customer have it, whatever races the checks.
     */
    firstOrderDiscount: boolean('first_order_discount').notNull().default(false),
    /** What is paid: subtotal less discount. */
    totalCents: integer('total_cents').notNull(),
    customerId: text('customer_id').references(() => users.id),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /**
     * The delivery block (company, street, city, postcode; the country is `country`).
     * Null on orders placed with the seed's one `address` string; `address` always holds the
     * text every reader uses.
     */
    company: text('company'),
    street: text('street'),
    city: text('city'),
    postcode: text('postcode'),
    /**
     * The delivery phone and address as the first-order discount compares them (shared
     * contact-keys.ts): one discount per phone number and per address. Null on orders
     * placed before they were kept.
     */
    phoneKey: text('phone_key'),
    addressKey: text('address_key'),
    /**
     * Until when an unpaid order holds its stock: shorter before the buyer's e-mail
     * is verified, pushed on when a payment starts. Null on orders placed before it was kept:
     * their hold ends ORDER_HOLD_HOURS after they were placed.
     */
    holdUntil: timestamp('hold_until', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    paymentIntentId: text('payment_intent_id').unique(),
    /**
     * The provider holding the order's payment: named when a payment starts and
     * when one is verified, so voids and refunds go where the money is. Null on orders from
     * before it was kept: the configured card provider.
     */
    paymentProvider: text('payment_provider'),
    /**
     * How the buyer chose to pay: SSLCommerz, bank transfer or card. Null until a
     * method is chosen. The provider above is who holds the money; this is the buyer's choice.
     */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    /**
     * Where the order's money stands, moved only as PAYMENT_TRANSITIONS allows
     * (packages/shared/src/payment-states.ts), in the same statements that move `status`.
     */
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** Given at payment from invoice_counter, in the payment's transaction: no gaps. */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }).unique(),
    /** A paid order is never deleted; the customer's delete only hides it. */
    hiddenByCustomer: boolean('hidden_by_customer').notNull().default(false),
    /**
     * Why a cancelled order was cancelled: by its customer, by an admin, because its
     * hold expired, or because its money arrived after the cancellation when the stock was gone
     * and it was refunded, or because its money arrived after its first-order discount had gone
     * to a later order and it was refunded, or because its money arrived after its buyer
     * or an admin cancelled it, which is final. Null while the order is live.
     */
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    /** The provider's refund of a payment that arrived for a cancelled, sold-out order. */
    refundId: text('refund_id'),
    /**
     * The currency the order is placed and paid in. Every `*_cents` column of the order
     * and its lines is in this currency's minor unit (cents or poisha), frozen at placing.
     */
    currency: text('currency', { enum: ORDER_CURRENCIES }).notNull().default('USD'),
    /** Taka per US dollar in ten-thousandths, as exchange_rates keeps it; null for USD. */
    exchangeRateUnits: integer('exchange_rate_units'),
    /** The delivery country (ISO 3166 alpha-2); anything but BD is an export, zero-rated. */
    country: text('country').notNull().default('BD'),
    /** The VAT rate the prices include, in percent: 0 for an export. */
    vatRate: integer('vat_rate').notNull().default(0),
    /** The VAT the total contains: Σ of each line's VAT, as the shared taxOrder splits it. */
    vatCents: integer('vat_cents').notNull().default(0),
    /** The buyer's BIN (13 digits) for the Mushak-6.3, as given at checkout or in the profile. */
    buyerBin: text('buyer_bin'),
    /**
     * The Mushak-6.3 serial: given at payment to a domestic order, from
     * mushak_counters, in the payment's transaction, so it has no gaps within a fiscal year.
     */
    mushakFiscalYear: text('mushak_fiscal_year'),
    mushakSerial: integer('mushak_serial'),
    /**
     * The Mushak-6.7 credit note of a paid domestic order cancelled after its 6.3 was issued: its
     * own serial per fiscal year (mushak_credit_note_counters), given in the cancelling
     * transaction, and when it was issued.
     */
    creditNoteFiscalYear: text('credit_note_fiscal_year'),
    creditNoteSerial: integer('credit_note_serial'),
    creditNoteIssuedAt: timestamp('credit_note_issued_at', { withTimezone: true, mode: 'date' }),
    /**
     * An export whose delivery phone is Bangladeshi: accepted, but an admin checks it is a real
     * export before it ships zero-rated.
     */
    exportCheck: boolean('export_check').notNull().default(false),
    /** The export document an admin records before an export may ship (airway or shipping bill). */
    exportDocumentKind: text('export_document_kind', { enum: EXPORT_DOCUMENT_KINDS }),
    exportDocumentNumber: text('export_document_number'),
    ...timestamps,
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_vat_in_range', sql`${t.vatCents} >= 0 and ${t.vatCents} <= ${t.totalCents}`),
    check(
      'orders_rate_with_taka',
      sql`(${t.currency} = 'BDT') = (${t.exchangeRateUnits} is not null)`,
    ),
    uniqueIndex('orders_mushak_serial').on(t.mushakFiscalYear, t.mushakSerial),
    uniqueIndex('orders_credit_note_serial').on(t.creditNoteFiscalYear, t.creditNoteSerial),
    check('orders_total_matches', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`),
    check(
      'orders_discount_in_range',
      sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents}`,
    ),
    uniqueIndex('orders_one_first_order_discount')
      .on(t.customerId)
      .where(sql`${t.firstOrderDiscount} and ${t.status} <> 'cancelled'`),
    index('orders_customer_email_idx').on(t.customerEmail, t.createdAt.desc()),
    // Every order asks whether its customer has a live order (the first-order discount,
    // hasLiveOrder): without this, a scan of all orders each time, and about 90 orders/s in
    // the bench at 50,000 orders.
    index('orders_customer_id_idx').on(t.customerId),
    index('orders_tool_id_idx').on(t.toolId),
    index('orders_created_at_idx').on(t.createdAt.desc()),
    // The hold sweeper and the open-unpaid limit read only unpaid orders.
    index('orders_unpaid_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unpaid'`),
    index('orders_unpaid_hold_until_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'unpaid'`),
    // Whether a phone or an address already had a first-order discount.
    index('orders_discount_phone_key_idx')
      .on(t.phoneKey)
      .where(sql`${t.firstOrderDiscount} and ${t.status} <> 'cancelled'`),
    index('orders_discount_address_key_idx')
      .on(t.addressKey)
      .where(sql`${t.firstOrderDiscount} and ${t.status} <> 'cancelled'`),
    index('orders_unpaid_customer_idx')
      .on(t.customerId)
      .where(sql`${t.status} = 'unpaid'`),
  ],
)

/**
 * One line of an order: what was bought, at what unit price, how much came from
 * stock and how much is made to order, and the date it is promised for. Cancelling returns
 * `from_stock` to stock, never the made part.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 0-based, in the order the buyer listed the lines. */
    position: integer('position').notNull(),
    /** A stock tool's line has its tool; a custom part's line has its quote request. */
    toolId: uuid('tool_id').references(() => tools.id),
    quoteId: uuid('quote_id').references(() => quoteRequests.id),
    /** A custom part's promised lead time: ships in about this many working days from payment. */
    leadTimeDays: integer('lead_time_days'),
    /** The tool's name, or "Custom: {part name}" for a custom part. */
    toolName: text('tool_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    fromStock: integer('from_stock').notNull(),
    madeToOrder: integer('made_to_order').notNull().default(0),
    /**
     * The promised date. A custom part's is provisional until payment (its lead time from the
     * order's day), then its lead time from the payment's shop date.
     */
    shipsBy: date('ships_by', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_total_matches',
      sql`${t.lineTotalCents} = ${t.quantity} * ${t.unitPriceCents}`,
    ),
    check(
      'order_lines_split_matches',
      sql`${t.fromStock} >= 0 and ${t.madeToOrder} >= 0 and ${t.fromStock} + ${t.madeToOrder} = ${t.quantity}`,
    ),
    index('order_lines_tool_id_idx').on(t.toolId),
    index('order_lines_quote_id_idx').on(t.quoteId),
    check('order_lines_tool_or_quote', sql`(${t.toolId} is null) <> (${t.quoteId} is null)`),
  ],
)

/** The last Mushak-6.3 serial given in each fiscal year: a year starts at 1. */
export const mushakCounters = pgTable('mushak_counters', {
  fiscalYear: text('fiscal_year').primaryKey(),
  lastSerial: integer('last_serial').notNull(),
})

/** The last Mushak-6.7 credit note serial given in each fiscal year: a year starts at 1. */
export const mushakCreditNoteCounters = pgTable('mushak_credit_note_counters', {
  fiscalYear: text('fiscal_year').primaryKey(),
  lastSerial: integer('last_serial').notNull(),
})
