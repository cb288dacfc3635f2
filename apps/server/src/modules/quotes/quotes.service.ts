import {
  isId,
  activityWords,
  fitDisplayName,
  fromCents,
  isFinalQuoteStatus,
  messages,
  nextQuoteStatus,
  QUOTE_DRAWING_FIELD,
  QUOTE_DRAWING_MAX_BYTES,
  QUOTE_DRAWINGS_MAX,
  QUOTE_OPEN_REQUESTS_MAX,
  QuoteRequestFieldsSchema,
  quoteNeededByProblem,
  quoteValidUntilProblem,
  shopDate,
  toCents,
  type QuoteAdminList,
  type QuoteDrawingKind,
  type QuoteMessage,
  type QuoteMessageBody,
  type QuoteOffer,
  type QuoteOfferBody,
  type QuoteRequest,
  type QuoteStatus,
  type QuoteSummary,
  quoteWords,
  quoteRuleWords,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import type { BlobStore, StagedBlob } from '../blobs/blob-store.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import { isAdmin, isSelf, mayRead, owns, type Actor } from '../accounts/actor.js'
import { changedValues } from '../audit/audit-values.js'
import { writeAuditEntry } from '../audit/audit.service.js'
import { cleanDrawingName, drawingName } from './drawing-names.js'
import { drawingContentType, sniffDrawing } from './drawing-types.js'
import { expireAllPast, expireIfPast } from './quote-expiry.js'
import type { QuoteMails } from './quotes.mails.js'
import {
  applyQuoteEvent,
  copyDrawings,
  countDrawings,
  countOpenRequests,
  countWaiting,
  drawingBytesOf,
  findDrawing,
  findResentCopy,
  findRequest,
  insertMessage,
  insertOffer,
  insertRequest,
  listAllRequests,
  listDrawingMeta,
  listMessages,
  listOffers,
  listRequestsOf,
  lockRequest,
  type QuoteDrawingInsert,
  type QuoteMessageRow,
  type QuoteOfferRow,
  type QuoteRequestRow,
} from './quotes.queries.js'

const m = quoteRuleWords
const MB = 1024 * 1024

/**
 * A drawing as the multipart reader hands it over: the browser's name, and its bytes staged in
 * the blob store (finished: the hash is known), of which only the first ones are in memory.
 */
export type UploadedDrawing = { filename: string; blob: StagedBlob; sha256: string }

const statusWord = (status: QuoteStatus) => quoteWords.statusLabels[status].toLowerCase()
const notFound = () => new AppError('NOT_FOUND', m.notFound)
const wrongStatus = (status: QuoteStatus) =>
  new AppError('CONFLICT', m.wrongStatus(statusWord(status)))

/**
 * The drawings of a request, each checked by its content (never its name or declared type).
 * Answers the rows to store, or the problems by field (`drawings`, or `drawings.<i>` when
 * several were sent).
 */
export function checkDrawings(files: UploadedDrawing[]): {
  rows: QuoteDrawingInsert[]
  problems: Record<string, string>
} {
  const problems: Record<string, string> = {}
  const rows: QuoteDrawingInsert[] = []
  if (files.length > QUOTE_DRAWINGS_MAX) {
    problems[QUOTE_DRAWING_FIELD] = m.tooManyDrawings(QUOTE_DRAWINGS_MAX)
    return { rows, problems }
  }
  // Each problem under `drawings.<i>`, and the first also under `drawings` for a single input.
  const refuse = (index: number, message: string) => {
    problems[`${QUOTE_DRAWING_FIELD}.${index}`] = message
    problems[QUOTE_DRAWING_FIELD] ??= message
  }
  files.forEach((file, index) => {
    const shown = cleanDrawingName(file.filename, 'pdf', index)
    const size = file.blob.size
    if (size === 0) refuse(index, m.drawingEmpty(shown))
    else if (size > QUOTE_DRAWING_MAX_BYTES) refuse(index, m.drawingTooLarge(shown))
    else {
      const kind: QuoteDrawingKind | null = sniffDrawing(file.blob.head(), size)
      if (!kind) refuse(index, m.drawingNotAccepted(shown))
      else
        rows.push({
          position: index,
          name: drawingName(file.filename, kind, index),
          kind,
          contentType: drawingContentType(kind),
          byteSize: size,
          sha256: file.sha256,
        })
    }
  })
  return { rows, problems }
}

function toSummary(row: QuoteRequestRow): QuoteSummary {
  return {
    _id: row.id,
    customer: row.customerEmail,
    customerName: row.customerName,
    process: row.process,
    partName: row.partName,
    quantities: row.quantities,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

function toOffer(row: QuoteOfferRow): QuoteOffer {
  return {
    _id: row.id,
    revision: row.revision,
    lines: row.lines.map((line) => ({
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPriceCents),
      lineTotal: fromCents(line.unitPriceCents * line.quantity),
    })),
    leadTimeDays: row.leadTimeDays,
    validUntil: row.validUntil,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }
}

function toMessage(row: QuoteMessageRow): QuoteMessage {
  return {
    _id: row.id,
    authorName: row.authorName,
    authorRole: row.authorRole,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * A request in full (GET /api/quote/{id}'s answer), read with `db` or inside a transaction: the
 * answer of every step, the acceptance's included.
 */
export async function requestView(db: DbOrTx, row: QuoteRequestRow): Promise<QuoteRequest> {
  const drawings = await listDrawingMeta(db, row.id)
  const offerRows = await listOffers(db, row.id)
  const offers = offerRows.map(toOffer)
  const acceptedOffer = offerRows.find((o) => o.id === row.acceptedOfferId)
  const acceptedLine = acceptedOffer?.lines.find((l) => l.quantity === row.acceptedQuantity)
  return {
    ...toSummary(row),
    material: row.material,
    neededBy: row.neededBy,
    tolerance: row.tolerance,
    finish: row.finish,
    notes: row.notes,
    phone: row.phone,
    address: row.address,
    // Named at read time too: rows stored before the blob store kept the buyer's extension.
    drawings: drawings.map((d) => ({
      _id: d.id,
      name: drawingName(d.name, d.kind as QuoteDrawingKind),
      type: d.contentType,
      kind: d.kind as QuoteDrawingKind,
      size: d.byteSize,
    })),
    offer: offers[offers.length - 1] ?? null,
    offers,
    declineReason: row.declineReason,
    accepted: acceptedLine
      ? { quantity: acceptedLine.quantity, unitPrice: fromCents(acceptedLine.unitPriceCents) }
      : null,
    orderId: row.orderId,
    resentFrom: row.resentFromId,
  }
}

const mailRequest = (row: QuoteRequestRow) => ({
  id: row.id,
  partName: row.partName,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
})

export type QuotesService = ReturnType<typeof createQuotesService>

export function createQuotesService({
  db,
  mails,
  accounts,
  drawingQuotaMb,
  blobs,
  now = () => new Date(),
}: {
  db: Db
  mails: QuoteMails
  accounts: Pick<AccountsService, 'lockCustomer'>
  /** Each account's drawing storage (DRAWING_QUOTA_MB). */
  drawingQuotaMb: number
  /** Where the drawings' bytes are. */
  blobs: BlobStore
  /** Test hook: the clock the shop's today is read from. */
  now?: () => Date
}) {
  const full = (row: QuoteRequestRow) => requestView(db, row)

  /**
   * What an account may send, decided in the request's transaction under the
   * account's lock, so parallel requests are counted one after the other and cannot overshoot:
   * drawings need a verified e-mail, at most QUOTE_OPEN_REQUESTS_MAX requests are open, and
   * the account's drawings fit in its quota. Throws the refusal (the transaction stores nothing).
   */
  async function holdLimits(
    tx: DbOrTx,
    customerId: string,
    ask: { drawings: number; newBytes: number },
  ): Promise<void> {
    const verified = await accounts.lockCustomer(tx, customerId)
    if (verified === undefined) throw new AppError('UNAUTHENTICATED')
    if (ask.drawings > 0 && !verified)
      throw new AppError('EMAIL_NOT_VERIFIED', m.verifyToSendDrawings)
    if ((await countOpenRequests(tx, customerId, shopDate(now()))) >= QUOTE_OPEN_REQUESTS_MAX)
      throw new AppError('QUOTA_EXCEEDED', m.tooManyOpenRequests(QUOTE_OPEN_REQUESTS_MAX))
    if (ask.newBytes === 0) return
    const used = await drawingBytesOf(tx, customerId)
    if (used + ask.newBytes > drawingQuotaMb * MB) {
      const message = m.drawingQuotaFull(drawingQuotaMb, Math.ceil((used / MB) * 10) / 10)
      throw new AppError('QUOTA_EXCEEDED', message, { [QUOTE_DRAWING_FIELD]: message })
    }
  }

  /** The request if the actor is its buyer or an admin; anyone else learns nothing (404). */
  async function readable(actor: Actor, id: string): Promise<QuoteRequestRow> {
    const row = isId(id) ? await findRequest(db, id) : undefined
    if (!row || !mayRead(actor, { customerId: row.customerId })) throw notFound()
    return row
  }

  /** The request if the actor is its buyer: an admin may read it but not act as the buyer. */
  async function ownedBy(actor: Actor, id: string): Promise<QuoteRequestRow> {
    const row = isId(id) ? await findRequest(db, id) : undefined
    if (!row) throw notFound()
    if (!owns(actor, { customerId: row.customerId }))
      throw isAdmin(actor) ? new AppError('FORBIDDEN') : notFound()
    return row
  }

  /** After a conditional step found nothing to change: 404 if gone, else 409 with the status. */
  async function refuseStep(id: string, who: 'buyer' | 'admin'): Promise<never> {
    const current = await findRequest(db, id)
    if (!current) throw notFound()
    // The buyer of an expired quote is told when it ran out and what to do instead.
    const latest = current.status === 'expired' ? (await listOffers(db, id)).pop() : undefined
    if (who === 'buyer' && latest) throw new AppError('CONFLICT', m.expired(latest.validUntil))
    throw wrongStatus(current.status)
  }

  return {
    checkDrawings,

    async create(actor: Actor, fields: unknown, files: UploadedDrawing[]): Promise<QuoteRequest> {
      const parsed = QuoteRequestFieldsSchema.safeParse(fields)
      const problems: Record<string, string> = {}
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path.map(String).join('.') || '_'
          problems[key] ??= issue.message
        }
      } else {
        const past = quoteNeededByProblem(parsed.data.neededBy, now())
        if (past) problems.neededBy = past
      }
      const drawings = checkDrawings(files)
      Object.assign(problems, drawings.problems)
      const first = Object.values(problems)[0]
      if (first !== undefined || !parsed.success)
        throw new AppError(
          'VALIDATION_FAILED',
          first ?? messages.errors.VALIDATION_FAILED,
          problems,
        )
      const body = parsed.data
      const newBytes = drawings.rows.reduce((sum, d) => sum + d.byteSize, 0)
      const wanted = { drawings: drawings.rows.length, newBytes }
      // Asked once before any drawing is kept, so a refusal leaves no file behind; asked again
      // under the account's lock with the insert, where parallel requests cannot pass together.
      await db.transaction((tx) => holdLimits(tx, actor.id, wanted))
      // Each drawing is durable in the blob store before a row names it (never inside the
      // transaction: nothing slow runs in one).
      for (const file of files) await file.blob.commit()
      // The request and its drawings are one transaction: a refusal or a failure stores no row.
      const row = await db.transaction(async (tx) => {
        await holdLimits(tx, actor.id, wanted)
        return insertRequest(
          tx,
          {
            customerId: actor.id,
            customerEmail: actor.email,
            customerName: fitDisplayName(actor.name, actor.email),
            process: body.process,
            partName: body.partName,
            material: body.material,
            quantities: body.quantities,
            neededBy: body.neededBy ?? null,
            tolerance: body.tolerance,
            finish: body.finish,
            notes: body.notes,
            phone: body.phone,
            address: body.address,
          },
          drawings.rows,
        )
      })
      await mails.newRequest(mailRequest(row))
      return full(row)
    },

    async listMine(actor: Actor, customer: string): Promise<QuoteSummary[]> {
      const own = isSelf(actor, customer)
      if (!own && !isAdmin(actor)) throw new AppError('FORBIDDEN')
      await expireAllPast(db, now())
      const rows = await listRequestsOf(db, own ? { customerId: actor.id } : { email: customer })
      return rows.map(toSummary)
    },

    async listAll(status?: QuoteStatus): Promise<QuoteAdminList> {
      await expireAllPast(db, now())
      const rows = await listAllRequests(db, status)
      const waiting = await countWaiting(db)
      return { quotes: rows.map(toSummary), waiting }
    },

    /** Requests waiting for a price (the admin list's `waiting`; the overview shows it too). */
    countWaiting(): Promise<number> {
      return countWaiting(db)
    },

    async getOne(actor: Actor, id: string): Promise<QuoteRequest> {
      const row = await readable(actor, id)
      if (nextQuoteStatus(row.status, 'expire') && (await expireIfPast(db, row.id, now())))
        return full((await findRequest(db, row.id)) ?? row)
      return full(row)
    },

    /** A drawing's name and type, and its bytes as a stream from the blob store. */
    async drawing(actor: Actor, id: string, drawingId: string) {
      const row = await readable(actor, id)
      const file = isId(drawingId) ? await findDrawing(db, row.id, drawingId) : undefined
      const opened = file?.sha256 ? await blobs.open(file.sha256) : undefined
      if (!file || !opened) throw new AppError('NOT_FOUND', m.drawingNotFound)
      const kind = file.kind as QuoteDrawingKind
      return {
        // The same name as the request's view gives (rows stored before the blob store included).
        name: drawingName(file.name, kind),
        kind,
        contentType: file.contentType,
        size: opened.size,
        stream: opened.stream,
      }
    },

    async offer(actor: Actor, id: string, body: QuoteOfferBody): Promise<QuoteRequest> {
      if (!isId(id)) throw notFound()
      const problem = quoteValidUntilProblem(body.validUntil, now())
      if (problem) throw new AppError('VALIDATION_FAILED', problem, { validUntil: problem })
      // The step and the revision are one transaction; the conditional update also holds the
      // row, so two admins quoting at once get revisions n and n + 1, never the same number,
      // and an acceptance (which holds the same row first: quote-acceptance.service.ts) either
      // sees this revision or makes this update find the request accepted (409).
      const done = await db.transaction(async (tx) => {
        const row = await applyQuoteEvent(tx, id, 'offer', { expiryWarnedAt: null })
        if (!row) return undefined
        const offer = {
          leadTimeDays: body.leadTimeDays,
          validUntil: body.validUntil,
          note: body.note,
          lines: body.lines.map((l) => ({
            quantity: l.quantity,
            unitPriceCents: toCents(l.unitPrice),
          })),
        }
        const previous = (await listOffers(tx, id)).at(-1)
        const revision = await insertOffer(tx, { requestId: id, createdBy: actor.id, ...offer })
        // The prices sent and what they replaced, with the offer.
        const changes = previous
          ? changedValues(
              {
                leadTimeDays: previous.leadTimeDays,
                validUntil: previous.validUntil,
                note: previous.note,
                lines: previous.lines,
              },
              offer,
            )
          : null
        await writeAuditEntry(tx, actor, {
          kind: 'quote.offer',
          subjectType: 'quote',
          subjectId: id,
          summary: activityWords.summary.quoteOffered(row.partName, row.customerEmail, revision),
          before: changes ? { revision: revision - 1, ...changes.before } : null,
          after: changes ? { revision, ...changes.after } : { revision, ...offer },
        })
        return { row, revision }
      })
      if (!done) return refuseStep(id, 'admin')
      if (done.revision === 1) await mails.quoteSent(mailRequest(done.row), body.validUntil)
      else await mails.quoteRevised(mailRequest(done.row), body.validUntil)
      return full(done.row)
    },

    async decline(actor: Actor, id: string, reason: string): Promise<QuoteRequest> {
      await ownedBy(actor, id)
      const row = await db.transaction(async (tx) => {
        await expireIfPast(tx, id, now())
        return applyQuoteEvent(tx, id, 'decline', { declineReason: reason.trim() || null })
      })
      if (!row) return refuseStep(id, 'buyer')
      await mails.declined(mailRequest(row), reason)
      return full(row)
    },

    async withdraw(actor: Actor, id: string): Promise<QuoteRequest> {
      await ownedBy(actor, id)
      const row = await db.transaction(async (tx) => {
        await expireIfPast(tx, id, now())
        return applyQuoteEvent(tx, id, 'withdraw')
      })
      if (!row) return refuseStep(id, 'buyer')
      return full(row)
    },

    /**
     * An expired, declined or withdrawn request sent again as a new one; its drawings refer to
     * the same blobs (no byte is copied).
     */
    async resend(actor: Actor, id: string): Promise<QuoteRequest> {
      await ownedBy(actor, id)
      const outcome = await db.transaction(async (tx) => {
        // The account first (as every transaction that holds it does), then the request.
        await accounts.lockCustomer(tx, actor.id)
        await expireIfPast(tx, id, now())
        // Holding the old row makes a double click wait, then find the first click's copy.
        const old = await lockRequest(tx, id)
        // Only a closed request (one the table lets go nowhere) is sent again.
        if (!old || !isFinalQuoteStatus(old.status)) return undefined
        const earlier = await findResentCopy(tx, id)
        if (earlier) return { row: earlier, fresh: false }
        // The copy's drawings replace the old request's in the quota (drawingBytesOf): no new bytes.
        await holdLimits(tx, actor.id, { drawings: await countDrawings(tx, old.id), newBytes: 0 })
        const row = await insertRequest(
          tx,
          {
            customerId: old.customerId,
            customerEmail: old.customerEmail,
            customerName: old.customerName,
            process: old.process,
            partName: old.partName,
            material: old.material,
            quantities: old.quantities,
            neededBy: old.neededBy && old.neededBy >= shopDate(now()) ? old.neededBy : null,
            tolerance: old.tolerance,
            finish: old.finish,
            notes: old.notes,
            phone: old.phone,
            address: old.address,
            resentFromId: old.id,
          },
          [],
        )
        await copyDrawings(tx, old.id, row.id)
        return { row, fresh: true }
      })
      if (!outcome) return refuseStep(id, 'buyer')
      if (outcome.fresh) await mails.newRequest(mailRequest(outcome.row))
      return full(outcome.row)
    },

    async listMessages(actor: Actor, id: string): Promise<QuoteMessage[]> {
      const row = await readable(actor, id)
      return (await listMessages(db, row.id)).map(toMessage)
    },

    async postMessage(actor: Actor, id: string, body: QuoteMessageBody): Promise<QuoteMessage> {
      const row = await readable(actor, id)
      const inserted = await insertMessage(db, {
        requestId: row.id,
        authorId: actor.id,
        authorName: fitDisplayName(actor.name, actor.email),
        authorRole: actor.role,
        text: body.text,
      })
      return toMessage(inserted)
    },
  }
}
