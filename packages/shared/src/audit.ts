import { z } from 'zod'

import { activityWords } from './messages-admin.js'
import { isCalendarDate } from './shop-calendar.js'

/**
 * The audit log's contract: every admin action, who did it, when, and the values
 * before and after. The server writes a row in the same transaction as the change.
 */
export const AUDIT_KINDS = [
  'user.make-admin',
  'product.create',
  'product.update',
  'product.delete',
  'product.import',
  'order.status',
  'order.delete',
  /** A payment event: received, under review, refused, refunded, refund due or sent. */
  'order.payment',
  /** An export's airway or shipping bill recorded (it may ship once it has one). */
  'order.export-document',
  'promotion.create',
  'promotion.update',
  'promotion.delete',
  'quote.offer',
  'export.orders',
  'export.users',
  /** The taka rate set. */
  'exchange-rate.set',
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]
export const AuditKindSchema = z.enum(AUDIT_KINDS)

/** What a change touched. */
export const AUDIT_SUBJECTS = [
  'user',
  'tool',
  'order',
  'promotion',
  'quote',
  'export',
  'exchange-rate',
] as const
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number]

/** Changed fields as plain JSON values (money in cents, dates as ISO strings). */
export type AuditValues = Record<string, unknown>

/** One row to record: the server adds who and when. */
export type AuditEntryInput = {
  kind: AuditKind
  subjectType: AuditSubject
  subjectId: string
  summary: string
  before: AuditValues | null
  after: AuditValues | null
}

const w = activityWords

/** Entries per page of GET /api/audit. */
export const AUDIT_PAGE_SIZE = 25
/** The last page anyone may ask for (the query stays cheap; filters narrow further). */
export const AUDIT_PAGE_MAX = 10_000

/** A shop date (YYYY-MM-DD) that exists in the calendar. */
const AuditDateSchema = z.string({ error: w.dateInvalid }).refine(isCalendarDate, w.dateInvalid)

/** An empty query parameter (`?actor=`) means no filter, as the page's form sends it. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value)

/**
 * `GET /api/audit` query. `actor` matches any part of the actor's e-mail, in any case;
 * `from` and `to` are the shop's dates (UTC+6), both inclusive; `page` counts from 1.
 */
export const AuditQuerySchema = z
  .object({
    actor: z.preprocess(
      blankAsMissing,
      z.string({ error: w.actorTooLong }).trim().max(254, w.actorTooLong).optional(),
    ),
    kind: z.preprocess(blankAsMissing, z.enum(AUDIT_KINDS, { error: w.kindUnknown }).optional()),
    from: z.preprocess(blankAsMissing, AuditDateSchema.optional()),
    to: z.preprocess(blankAsMissing, AuditDateSchema.optional()),
    page: z.preprocess(
      blankAsMissing,
      z.coerce
        .number({ error: w.pageInvalid })
        .int(w.pageInvalid)
        .min(1, w.pageInvalid)
        .max(AUDIT_PAGE_MAX, w.pageInvalid)
        .default(1),
    ),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from)
      ctx.addIssue({ code: 'custom', message: w.toBeforeFrom, path: ['to'] })
  })
export type AuditQuery = z.output<typeof AuditQuerySchema>
export type AuditQueryInput = z.input<typeof AuditQuerySchema>

/** A JSON value of before/after, as the database returns jsonb. */
const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable()

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  at: z.string(),
  actorEmail: z.string(),
  kind: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  summary: z.string(),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AuditPage = z.infer<typeof AuditPageSchema>

export const auditContract = {
  list: { method: 'GET', path: '/api/audit', query: AuditQuerySchema, response: AuditPageSchema },
} as const
