import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { QUOTE_PROCESSES, QUOTE_STATUSES, ROLES } from '@toolworks/shared'

import { users } from './accounts.js'
import { bytea, timestamps } from './columns.js'

/**
 * A buyer's request for a custom part. Its status moves only by conditional updates
 * guarded on the from-states of `QUOTE_TRANSITIONS` (packages/shared/src/quote-states.ts), so
 * two tabs or two clicks cannot both make a step.
 * `quantities` holds 1 to 3 whole numbers, the quantities the buyer wants priced.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    process: text('process', {
      enum: QUOTE_PROCESSES,
    }).notNull(),
    partName: text('part_name').notNull(),
    material: text('material').notNull(),
    quantities: integer('quantities').array().notNull(),
    neededBy: date('needed_by', { mode: 'string' }),
    tolerance: text('tolerance').notNull().default(''),
    finish: text('finish').notNull().default(''),
    notes: text('notes').notNull().default(''),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    status: text('status', {
      enum: QUOTE_STATUSES,
    })
      .notNull()
      .default('requested'),
    /** Why the buyer declined (optional, their words). */
    declineReason: text('decline_reason'),
    /** Set on acceptance: which offer revision and which of its quantity lines went to the cart. */
    acceptedOfferId: uuid('accepted_offer_id'),
    acceptedQuantity: integer('accepted_quantity'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    /** The order that holds the accepted line, once placed (no FK: orders reference quotes). */
    orderId: uuid('order_id'),
    /** When the "expires in 2 days" e-mail went out, so it goes once per offer. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true, mode: 'date' }),
    /** The request this one was sent again from, after it expired. */
    resentFromId: uuid('resent_from_id'),
    ...timestamps,
  },
  (t) => [
    check(
      'quote_requests_quantities_shape',
      sql`cardinality(${t.quantities}) between 1 and 3 and 0 < all(${t.quantities})`,
    ),
    check(
      'quote_requests_accepted_shape',
      sql`(${t.status} in ('accepted', 'ordered')) = (${t.acceptedOfferId} is not null and ${t.acceptedQuantity} is not null)`,
    ),
    index('quote_requests_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('quote_requests_status_idx').on(t.status, t.createdAt.desc()),
  ],
)

/**
 * A drawing sent with a request, its bytes in the blob store. Private: served only to the request's buyer and admins, never
 * under `/media`. `content_type` is what the bytes were sniffed as, not what the browser said.
 */
export const quoteDrawings = pgTable(
  'quote_drawings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** One of QUOTE_DRAWING_KINDS: pdf, png, jpeg, step, iges, stl, dxf, dwg. */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /**
     * The blob store's key: the SHA-256 of the bytes, lower-case hex. A request sent
     * again refers to the same blobs.
     */
    sha256: text('sha256'),
    /** Before the blob store only; null once moved to the blob store. Dropped in a later release. */
    data: bytea('data'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quote_drawings_request_position_idx').on(t.requestId, t.position),
    check('quote_drawings_bytes_somewhere', sql`num_nonnulls(${t.sha256}, ${t.data}) = 1`),
    check('quote_drawings_sha256_shape', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

/**
 * One revision of the shop's price for a request. Revisions are kept; the buyer sees the latest
 * (highest `revision`). Money in integer cents.
 */
export const quoteOffers = pgTable(
  'quote_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    /** The last shop date (Dhaka) on which the offer can be accepted. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quote_offers_request_revision_idx').on(t.requestId, t.revision),
    check('quote_offers_lead_time_range', sql`${t.leadTimeDays} between 1 and 365`),
  ],
)

/** A quantity line of an offer: at this quantity, this unit price. */
export const quoteOfferLines = pgTable(
  'quote_offer_lines',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => quoteOffers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.position] }),
    uniqueIndex('quote_offer_lines_quantity_idx').on(t.offerId, t.quantity),
    check('quote_offer_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_offer_lines_price_positive', sql`${t.unitPriceCents} > 0`),
  ],
)

/** The conversation on a request: short messages from the buyer or the shop, in order. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorRole: text('author_role', { enum: ROLES }).notNull(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [index('quote_messages_request_idx').on(t.requestId, t.createdAt)],
)
