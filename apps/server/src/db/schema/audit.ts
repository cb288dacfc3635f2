import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Who changed what in the shop: one row per admin action, written in the same
 * transaction as the change. Append-only: a trigger (migration 0010) refuses UPDATE, DELETE
 * and TRUNCATE, so the application cannot rewrite its own history. No foreign keys: a row
 * outlives the user, product or order it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Increasing, so paging by id is stable while new rows arrive. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin's user id and e-mail as they were; null id for the shop's own jobs. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** One of AUDIT_KINDS (packages/shared/src/audit.ts). */
    kind: text('kind').notNull(),
    /** What was changed: its type (user, tool, order, promotion, quote) and id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** A short line a person can read: the product's name, the order's number. */
    summary: text('summary').notNull(),
    /** The changed fields before and after (null for a create or a delete respectively). */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_actor_idx').on(t.actorEmail, t.at.desc()),
    index('audit_log_kind_idx').on(t.kind, t.at.desc()),
  ],
)

/**
 * The last invoice number given. One row; the payment's transaction takes the next
 * number with `update … set last_number = last_number + 1 returning`, so a rolled-back payment
 * gives its number back and the numbers have no gaps (a sequence would leave gaps).
 */
export const invoiceCounter = pgTable('invoice_counter', {
  id: text('id').primaryKey().default('invoices'),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
})
