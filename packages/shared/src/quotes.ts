import { z } from 'zod'

import { RoleSchema } from './accounts.js'
import { IdParamsSchema } from './ids.js'
import { ORDER_ADDRESS_MAX, ORDER_PHONE_MAX, ORDER_QUANTITY_MAX } from './constants.js'
import { quoteRuleWords } from './messages-quotes.js'
import { QUOTE_PROCESSES } from './quote-processes.js'
import { shopDate, shopDateIn } from './shop-calendar.js'

const m = quoteRuleWords

export const QuoteProcessSchema = z.enum(QUOTE_PROCESSES, { error: m.processRequired })
export type QuoteProcess = z.infer<typeof QuoteProcessSchema>

/** The Material list of the form; anything else is sent as typed after choosing Other. */
export const QUOTE_MATERIALS = [
  'Mild steel',
  'Stainless steel 304',
  'Stainless steel 316',
  'Aluminium 6061',
  'Brass',
  'Copper',
  'Cast iron',
  'ABS',
  'Nylon',
] as const

export const QUOTE_QUANTITIES_MAX = 3
export const QUOTE_DRAWINGS_MAX = 5
export const QUOTE_DRAWING_MAX_BYTES = 20 * 1024 * 1024
/** The multipart field that carries the drawings. */
export const QUOTE_DRAWING_FIELD = 'drawings'
export const QUOTE_PART_NAME_MAX = 120
export const QUOTE_MATERIAL_MAX = 100
/** Tolerance and Finish. */
export const QUOTE_SHORT_TEXT_MAX = 200
export const QUOTE_NOTES_MAX = 2000
export const QUOTE_MESSAGE_MAX = 2000
export const QUOTE_DECLINE_REASON_MAX = 1000
export const QUOTE_DRAWING_NAME_MAX = 200
/** The requested quantities plus up to three the admin adds. */
export const QUOTE_OFFER_LINES_MAX = 6
export const QUOTE_VALID_DAYS_DEFAULT = 14
/** The buyer is told this many days before an offer's Valid until. */
export const QUOTE_EXPIRY_WARNING_DAYS = 2
export const QUOTE_LEAD_TIME_DAYS_MAX = 365
/** An offer may run for at most this many days ahead. */
export const QUOTE_VALID_DAYS_MAX = 180

/**
 * What a drawing may be, by what its bytes are (the server sniffs them; the name only helps the
 * buyer's file picker). `contentType` is what the download is served as.
 */
export const QUOTE_DRAWING_KINDS = {
  pdf: { label: 'PDF', contentType: 'application/pdf', extensions: ['pdf'] },
  png: { label: 'PNG', contentType: 'image/png', extensions: ['png'] },
  jpeg: { label: 'JPG', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  step: { label: 'STEP', contentType: 'model/step', extensions: ['step', 'stp'] },
  iges: { label: 'IGES', contentType: 'model/iges', extensions: ['iges', 'igs'] },
  stl: { label: 'STL', contentType: 'model/stl', extensions: ['stl'] },
  dxf: { label: 'DXF', contentType: 'image/vnd.dxf', extensions: ['dxf'] },
  dwg: { label: 'DWG', contentType: 'image/vnd.dwg', extensions: ['dwg'] },
} as const
export type QuoteDrawingKind = keyof typeof QUOTE_DRAWING_KINDS
export const QUOTE_DRAWING_KIND_NAMES = Object.keys(QUOTE_DRAWING_KINDS) as QuoteDrawingKind[]
/** For `<input type="file" accept>`: every extension we take. */
export const QUOTE_DRAWING_ACCEPT = QUOTE_DRAWING_KIND_NAMES.flatMap((kind) =>
  QUOTE_DRAWING_KINDS[kind].extensions.map((ext) => `.${ext}`),
).join(',')
/** Kinds the request's page previews in place: images, PDF and STL. */
export const QUOTE_PREVIEW_KINDS: readonly QuoteDrawingKind[] = ['png', 'jpeg', 'pdf', 'stl']

/**
 * A request that still waits for a step of the shop or the buyer: asked, priced,
 * or accepted into the cart. Ordered, declined, expired and withdrawn requests are closed.
 */
export const QUOTE_OPEN_STATUSES = ['requested', 'quoted', 'accepted'] as const
/** An account may have this many open requests at once. */
export const QUOTE_OPEN_REQUESTS_MAX = 20
/** Each account's drawing storage unless DRAWING_QUOTA_MB says otherwise. */
export const DRAWING_QUOTA_MB_DEFAULT = 200

/** Status values on the wire, word for word. */
export const QUOTE_STATUSES = [
  'requested',
  'quoted',
  'accepted',
  'ordered',
  'declined',
  'expired',
  'withdrawn',
] as const
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES)
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>

/** A shop date (YYYY-MM-DD) that is a real calendar day. */
const DateSchema = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const at = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value)
    }, message)

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong)
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong)

const QuantitySchema = z
  .number({ error: m.quantityInvalid })
  .int(m.quantityInvalid)
  .min(1, m.quantityInvalid)
  .max(ORDER_QUANTITY_MAX, m.quantityInvalid)

/**
 * `quantities` as a form sends it: "100, 500, 1000" or the field repeated. Read into 1 to 3
 * distinct whole numbers in rising order.
 */
export const QuoteQuantitiesSchema = z.preprocess(
  (value: unknown): unknown[] => {
    const given: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value]
    return given
      .flatMap((part): unknown[] => (typeof part === 'string' ? part.split(',') : [part]))
      .map((part) => (typeof part === 'string' ? part.trim().replace(/[_\s]/g, '') : part))
      .filter((part) => part !== '' && part !== undefined)
      .map((part) => (typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : part))
  },
  z
    .array(QuantitySchema, { error: m.quantitiesRequired })
    .min(1, m.quantitiesRequired)
    .max(QUOTE_QUANTITIES_MAX, m.tooManyQuantities(QUOTE_QUANTITIES_MAX))
    .refine((list) => new Set(list).size === list.length, m.quantitiesDistinct)
    .transform((list) => [...list].sort((a, b) => a - b)),
)

/**
 * The text fields of `POST /api/quote` (multipart; the files come in `drawings`). `neededBy` is
 * checked against the shop's today by `quoteNeededByProblem`, on both sides.
 */
export const QuoteRequestFieldsSchema = z.object({
  process: QuoteProcessSchema,
  partName: requiredText(QUOTE_PART_NAME_MAX, m.partNameRequired, m.partNameTooLong),
  material: requiredText(QUOTE_MATERIAL_MAX, m.materialRequired, m.materialTooLong),
  quantities: QuoteQuantitiesSchema,
  neededBy: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    DateSchema(m.neededByInvalid).optional(),
  ),
  tolerance: text(QUOTE_SHORT_TEXT_MAX, m.toleranceTooLong).default(''),
  finish: text(QUOTE_SHORT_TEXT_MAX, m.finishTooLong).default(''),
  notes: text(QUOTE_NOTES_MAX, m.notesTooLong).default(''),
  phone: requiredText(ORDER_PHONE_MAX, m.phoneRequired, m.phoneTooLong),
  address: requiredText(ORDER_ADDRESS_MAX, m.addressRequired, m.addressTooLong),
})
export type QuoteRequestFields = z.output<typeof QuoteRequestFieldsSchema>
export type QuoteRequestFieldsInput = z.input<typeof QuoteRequestFieldsSchema>

/** Needed by must not be before the shop's today (Dhaka). */
export function quoteNeededByProblem(neededBy: string | undefined, now = new Date()) {
  return neededBy !== undefined && neededBy < shopDate(now) ? m.neededByPast : null
}

export const QuoteDrawingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The sniffed content type it is served as. */
  type: z.string(),
  kind: z.enum(QUOTE_DRAWING_KIND_NAMES as [QuoteDrawingKind, ...QuoteDrawingKind[]]),
  size: z.number().int(),
})
export type QuoteDrawing = z.infer<typeof QuoteDrawingSchema>

export const QuoteOfferLineSchema = z.object({
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
})
export type QuoteOfferLine = z.infer<typeof QuoteOfferLineSchema>

/** One revision of the shop's price (money in currency units, dates as shop dates). */
export const QuoteOfferSchema = z.object({
  _id: z.string(),
  revision: z.number().int(),
  lines: z.array(QuoteOfferLineSchema),
  leadTimeDays: z.number().int(),
  validUntil: z.string(),
  note: z.string(),
  createdAt: z.string(),
})
export type QuoteOffer = z.infer<typeof QuoteOfferSchema>

export const QuoteMessageSchema = z.object({
  _id: z.string(),
  authorName: z.string(),
  authorRole: RoleSchema,
  text: z.string(),
  createdAt: z.string(),
})
export type QuoteMessage = z.infer<typeof QuoteMessageSchema>
export const QuoteMessageListSchema = z.array(QuoteMessageSchema)

/** A request in a list (My Quotes, Quote Requests). */
export const QuoteSummarySchema = z.object({
  _id: z.string(),
  customer: z.string(),
  customerName: z.string(),
  process: QuoteProcessSchema,
  partName: z.string(),
  quantities: z.array(z.number().int()),
  status: QuoteStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>

/** `GET /api/quote/admin`: the requests, and how many wait for a price. */
export const QuoteAdminListSchema = z.object({
  quotes: z.array(QuoteSummarySchema),
  waiting: z.number().int(),
})
export type QuoteAdminList = z.infer<typeof QuoteAdminListSchema>

/** A request in full: what was sent, its drawings, the latest offer and every revision. */
export const QuoteRequestSchema = QuoteSummarySchema.extend({
  material: z.string(),
  neededBy: z.string().nullable(),
  tolerance: z.string(),
  finish: z.string(),
  notes: z.string(),
  phone: z.string(),
  address: z.string(),
  drawings: z.array(QuoteDrawingSchema),
  /** The latest revision, or null before the shop quotes. */
  offer: QuoteOfferSchema.nullable(),
  /** Every revision, oldest first. */
  offers: z.array(QuoteOfferSchema),
  declineReason: z.string().nullable(),
  /** The accepted line, once accepted: which quantity at which unit price. */
  accepted: z.object({ quantity: z.number().int(), unitPrice: z.number() }).nullable(),
  /** The order that holds it, once ordered. */
  orderId: z.string().nullable(),
  /** The request this one was sent again from. */
  resentFrom: z.string().nullable(),
})
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>

const MoneySchema = (message: string) =>
  z
    .number({ error: message })
    .min(0.01, message)
    .max(10_000_000, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.priceCents)

/** `POST /api/quote/{id}/offer` (admin). */
export const QuoteOfferBodySchema = z.object({
  lines: z
    .array(z.object({ quantity: QuantitySchema, unitPrice: MoneySchema(m.unitPriceInvalid) }), {
      error: m.offerLinesRequired,
    })
    .min(1, m.offerLinesRequired)
    .max(QUOTE_OFFER_LINES_MAX, m.tooManyOfferLines(QUOTE_OFFER_LINES_MAX))
    .superRefine((lines, ctx) => {
      const seen = new Set<number>()
      lines.forEach((line, index) => {
        if (seen.has(line.quantity))
          ctx.addIssue({ code: 'custom', message: m.offerQuantityTwice, path: [index, 'quantity'] })
        seen.add(line.quantity)
      })
    }),
  leadTimeDays: z
    .number({ error: m.leadTimeInvalid })
    .int(m.leadTimeInvalid)
    .min(1, m.leadTimeInvalid)
    .max(QUOTE_LEAD_TIME_DAYS_MAX, m.leadTimeInvalid),
  validUntil: DateSchema(m.validUntilInvalid),
  note: text(QUOTE_NOTES_MAX, m.noteTooLong).default(''),
})
export type QuoteOfferBody = z.output<typeof QuoteOfferBodySchema>
export type QuoteOfferInput = z.input<typeof QuoteOfferBodySchema>

/**
 * Quote "Valid until", in one place: an offer holds through the whole of its Valid
 * until date in the shop's calendar and has expired from the next shop midnight on. The server's
 * sweeper and acceptance, its lists, and the web all decide expiry with these.
 */
export function quoteExpiryCutoff(now: Date): string {
  // An offer valid until a date before the shop's today has expired (SQL: valid_until < this).
  return shopDate(now)
}

/** Whether an offer valid until `offer.validUntil` has run out at `now`. */
export function isQuoteExpired(offer: { validUntil: string }, now: Date): boolean {
  return offer.validUntil < quoteExpiryCutoff(now)
}

/** The Valid until a new quote gets unless the admin changes it. */
export function quoteValidUntilDefault(now: Date): string {
  return shopDateIn(QUOTE_VALID_DAYS_DEFAULT, now)
}

/**
 * What is wrong with the Valid until an admin gives at `now`, as the message the form and the
 * route show, or null: it must not be in the past nor more than QUOTE_VALID_DAYS_MAX days ahead.
 */
export function quoteValidUntilProblem(validUntil: string, now: Date): string | null {
  if (validUntil < shopDate(now)) return m.validUntilPast
  if (validUntil > shopDateIn(QUOTE_VALID_DAYS_MAX, now)) return m.validUntilTooFar
  return null
}

/** `POST /api/quote/{id}/accept` (buyer): which quantity line of the latest offer. */
export const QuoteAcceptBodySchema = z.object({
  quantity: QuantitySchema,
  /**
   * The revision the buyer was reading. If the shop revised the offer since, the accept answers
   * 409 "the quote changed; please review it". Optional for API clients that read and accept.
   */
  revision: z.number().int().min(1).optional(),
})
export type QuoteAcceptBody = z.infer<typeof QuoteAcceptBodySchema>

export const QuoteDeclineBodySchema = z.object({
  reason: text(QUOTE_DECLINE_REASON_MAX, m.reasonTooLong).default(''),
})
export type QuoteDeclineBody = z.output<typeof QuoteDeclineBodySchema>

export const QuoteMessageBodySchema = z.object({
  text: requiredText(QUOTE_MESSAGE_MAX, m.messageRequired, m.messageTooLong(QUOTE_MESSAGE_MAX)),
})
export type QuoteMessageBody = z.infer<typeof QuoteMessageBodySchema>

export const QuoteIdParamsSchema = IdParamsSchema
export const QuoteDrawingParamsSchema = IdParamsSchema.extend({
  drawingId: IdParamsSchema.shape.id,
})
export const MyQuotesQuerySchema = z.object({ customer: z.string().max(254) })
export const AdminQuotesQuerySchema = z.object({ status: QuoteStatusSchema.optional() })

export const quotesContract = {
  /** Multipart: the fields of QuoteRequestFieldsSchema and files in `drawings`. */
  create: { method: 'POST', path: '/api/quote', response: QuoteRequestSchema },
  listMine: {
    method: 'GET',
    path: '/api/quote',
    query: MyQuotesQuerySchema,
    response: z.array(QuoteSummarySchema),
  },
  listAll: {
    method: 'GET',
    path: '/api/quote/admin',
    query: AdminQuotesQuerySchema,
    response: QuoteAdminListSchema,
  },
  getOne: {
    method: 'GET',
    path: '/api/quote/:id',
    params: QuoteIdParamsSchema,
    response: QuoteRequestSchema,
  },
  /** The file itself (not JSON): `Content-Disposition: attachment`, sniffed type, nosniff. */
  drawing: { method: 'GET', path: '/api/quote/:id/drawing/:drawingId' },
  offer: {
    method: 'POST',
    path: '/api/quote/:id/offer',
    params: QuoteIdParamsSchema,
    body: QuoteOfferBodySchema,
    response: QuoteRequestSchema,
  },
  accept: {
    method: 'POST',
    path: '/api/quote/:id/accept',
    params: QuoteIdParamsSchema,
    body: QuoteAcceptBodySchema,
    response: QuoteRequestSchema,
  },
  decline: {
    method: 'POST',
    path: '/api/quote/:id/decline',
    params: QuoteIdParamsSchema,
    body: QuoteDeclineBodySchema,
    response: QuoteRequestSchema,
  },
  withdraw: {
    method: 'POST',
    path: '/api/quote/:id/withdraw',
    params: QuoteIdParamsSchema,
    response: QuoteRequestSchema,
  },
  /** An expired (or declined, withdrawn) request sent again as a new one, drawings included. */
  resend: {
    method: 'POST',
    path: '/api/quote/:id/resend',
    params: QuoteIdParamsSchema,
    response: QuoteRequestSchema,
  },
  listMessages: {
    method: 'GET',
    path: '/api/quote/:id/messages',
    params: QuoteIdParamsSchema,
    response: QuoteMessageListSchema,
  },
  postMessage: {
    method: 'POST',
    path: '/api/quote/:id/messages',
    params: QuoteIdParamsSchema,
    body: QuoteMessageBodySchema,
    response: QuoteMessageSchema,
  },
} as const
