import {
  QUOTE_OPEN_STATUSES,
  quoteFromStatesOf,
  quoteTargetOf,
  type QuoteEvent,
  type QuoteStatus,
} from '@toolworks/shared'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import {
  quoteDrawings,
  quoteMessages,
  quoteOfferLines,
  quoteOffers,
  quoteRequests,
  users,
} from '../../db/schema/index.js'

export type QuoteRequestRow = typeof quoteRequests.$inferSelect
export type QuoteRequestInsert = typeof quoteRequests.$inferInsert
export type QuoteDrawingInsert = Omit<typeof quoteDrawings.$inferInsert, 'requestId'>
export type QuoteDrawingMeta = {
  id: string
  name: string
  kind: string
  contentType: string
  byteSize: number
}
export type QuoteOfferRow = typeof quoteOffers.$inferSelect & {
  lines: { quantity: number; unitPriceCents: number }[]
}
export type QuoteMessageRow = typeof quoteMessages.$inferSelect

/** Inserts a request with its drawings; call it inside the request's transaction. */
export async function insertRequest(
  tx: DbOrTx,
  row: QuoteRequestInsert,
  drawings: QuoteDrawingInsert[],
): Promise<QuoteRequestRow> {
  const [inserted] = await tx.insert(quoteRequests).values(row).returning()
  if (!inserted) throw new Error('quote request insert returned no row')
  if (drawings.length > 0)
    await tx.insert(quoteDrawings).values(drawings.map((d) => ({ ...d, requestId: inserted.id })))
  return inserted
}

/**
 * Gives another request the drawings of `fromId`: new rows naming the same blobs (by their
 * hash), no byte copied. Every row has its blob from the start-up move on (blobs/blob-move.ts).
 */
export async function copyDrawings(tx: DbOrTx, fromId: string, toId: string): Promise<void> {
  await tx.execute(sql`
    insert into quote_drawings (request_id, position, name, kind, content_type, byte_size, sha256)
    select ${toId}, position, name, kind, content_type, byte_size, sha256
    from quote_drawings where request_id = ${fromId}`)
}

export async function findRequest(db: DbOrTx, id: string): Promise<QuoteRequestRow | undefined> {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1)
  return row
}

/** The request's drawings without their bytes, in the order they were sent. */
export function listDrawingMeta(db: DbOrTx, requestId: string): Promise<QuoteDrawingMeta[]> {
  return db
    .select({
      id: quoteDrawings.id,
      name: quoteDrawings.name,
      kind: quoteDrawings.kind,
      contentType: quoteDrawings.contentType,
      byteSize: quoteDrawings.byteSize,
    })
    .from(quoteDrawings)
    .where(eq(quoteDrawings.requestId, requestId))
    .orderBy(asc(quoteDrawings.position))
}

export async function findDrawing(db: DbOrTx, requestId: string, drawingId: string) {
  const [row] = await db
    .select({
      name: quoteDrawings.name,
      kind: quoteDrawings.kind,
      contentType: quoteDrawings.contentType,
      sha256: quoteDrawings.sha256,
    })
    .from(quoteDrawings)
    .where(and(eq(quoteDrawings.requestId, requestId), eq(quoteDrawings.id, drawingId)))
    .limit(1)
  return row
}

/** Every revision of the request's offer with its lines, oldest first. */
export async function listOffers(db: DbOrTx, requestId: string): Promise<QuoteOfferRow[]> {
  const offers = await db
    .select()
    .from(quoteOffers)
    .where(eq(quoteOffers.requestId, requestId))
    .orderBy(asc(quoteOffers.revision))
  if (offers.length === 0) return []
  const lines = await db
    .select()
    .from(quoteOfferLines)
    .where(
      inArray(
        quoteOfferLines.offerId,
        offers.map((o) => o.id),
      ),
    )
    .orderBy(asc(quoteOfferLines.offerId), asc(quoteOfferLines.position))
  return offers.map((offer) => ({
    ...offer,
    lines: lines
      .filter((line) => line.offerId === offer.id)
      .map((line) => ({ quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
  }))
}

/** A customer's requests, newest first. */
export function listRequestsOf(
  db: DbOrTx,
  who: { customerId: string } | { email: string },
): Promise<QuoteRequestRow[]> {
  const where =
    'customerId' in who
      ? eq(quoteRequests.customerId, who.customerId)
      : sql`lower(${quoteRequests.customerEmail}) = lower(${who.email})`
  return db
    .select()
    .from(quoteRequests)
    .where(where)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
}

export function listAllRequests(db: DbOrTx, status?: QuoteStatus): Promise<QuoteRequestRow[]> {
  return db
    .select()
    .from(quoteRequests)
    .where(status ? eq(quoteRequests.status, status) : undefined)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
}

export async function countWaiting(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteRequests)
    .where(eq(quoteRequests.status, 'requested'))
  return Number(row?.n ?? 0)
}

/**
 * The guard of a conditional update: the request is in a status the table
 * (packages/shared/src/quote-states.ts) lets `event` leave.
 */
export const quoteStatusAllows = (event: QuoteEvent) =>
  inArray(quoteRequests.status, quoteFromStatesOf(event))

/**
 * One step of a request: the update happens only while the status is one `event` may leave,
 * so two tabs or two clicks cannot both make it. Answers the changed row, or undefined.
 */
export async function applyQuoteEvent(
  tx: DbOrTx,
  id: string,
  event: QuoteEvent,
  set: Omit<Partial<QuoteRequestInsert>, 'status'> = {},
): Promise<QuoteRequestRow | undefined> {
  const [row] = await tx
    .update(quoteRequests)
    .set({ ...set, status: quoteTargetOf(event), updatedAt: new Date() })
    .where(and(eq(quoteRequests.id, id), quoteStatusAllows(event)))
    .returning()
  return row
}

/** Adds the next revision (max + 1) of a request's offer with its lines. */
export async function insertOffer(
  tx: DbOrTx,
  offer: {
    requestId: string
    leadTimeDays: number
    validUntil: string
    note: string
    createdBy: string
    lines: { quantity: number; unitPriceCents: number }[]
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(quoteOffers)
    .values({
      requestId: offer.requestId,
      revision: sql`(select coalesce(max(${quoteOffers.revision}), 0) + 1 from ${quoteOffers} where ${quoteOffers.requestId} = ${offer.requestId})`,
      leadTimeDays: offer.leadTimeDays,
      validUntil: offer.validUntil,
      note: offer.note,
      createdBy: offer.createdBy,
    })
    .returning({ id: quoteOffers.id, revision: quoteOffers.revision })
  if (!inserted) throw new Error('quote offer insert returned no row')
  await tx.insert(quoteOfferLines).values(
    offer.lines.map((line, position) => ({
      offerId: inserted.id,
      position,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
  )
  return inserted.revision
}

/** The SQL of a request's latest offer's Valid until (null before the first offer). */
const latestValidUntil = sql`(select o.valid_until from quote_offers o where o.request_id = ${quoteRequests.id} order by o.revision desc limit 1)`

/**
 * Marks `quoted` requests whose latest offer's Valid until is before `today` as `expired`
 * (one request, or all of them), by a conditional update. Answers the ids it changed.
 */
export async function expirePast(tx: DbOrTx, today: string, requestId?: string): Promise<string[]> {
  const rows = await tx
    .update(quoteRequests)
    .set({ status: quoteTargetOf('expire'), updatedAt: new Date() })
    .where(
      and(
        requestId ? eq(quoteRequests.id, requestId) : undefined,
        quoteStatusAllows('expire'),
        sql`${latestValidUntil} < ${today}::date`,
      ),
    )
    .returning({ id: quoteRequests.id })
  return rows.map((r) => r.id)
}

/**
 * Quoted requests whose latest offer runs out on or before `lastDay` and whose buyer was not
 * told yet, each claimed by a conditional update (so two processes tell the buyer once).
 */
export async function claimExpiryWarnings(
  tx: DbOrTx,
  today: string,
  lastDay: string,
): Promise<(QuoteRequestRow & { validUntil: string })[]> {
  const rows = await tx
    .update(quoteRequests)
    .set({ expiryWarnedAt: new Date() })
    .where(
      and(
        eq(quoteRequests.status, 'quoted'),
        isNull(quoteRequests.expiryWarnedAt),
        sql`${latestValidUntil} between ${today}::date and ${lastDay}::date`,
      ),
    )
    .returning()
  const warned: (QuoteRequestRow & { validUntil: string })[] = []
  for (const row of rows) {
    const [latest] = await tx
      .select({ validUntil: quoteOffers.validUntil })
      .from(quoteOffers)
      .where(eq(quoteOffers.requestId, row.id))
      .orderBy(desc(quoteOffers.revision))
      .limit(1)
    warned.push({ ...row, validUntil: latest?.validUntil ?? lastDay })
  }
  return warned
}

export function listMessages(db: DbOrTx, requestId: string): Promise<QuoteMessageRow[]> {
  return db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.requestId, requestId))
    .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id))
}

export async function insertMessage(
  db: DbOrTx,
  row: typeof quoteMessages.$inferInsert,
): Promise<QuoteMessageRow> {
  const [inserted] = await db.insert(quoteMessages).values(row).returning()
  if (!inserted) throw new Error('quote message insert returned no row')
  return inserted
}

/** The addresses of the accounts whose role is admin. */
export async function adminAddresses(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))
  return rows.map((r) => r.email)
}

/** The request, its row held until the transaction ends (a second click waits for the first). */
export async function lockRequest(tx: DbOrTx, id: string): Promise<QuoteRequestRow | undefined> {
  const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update')
  return row
}

/** The request already sent again from `id`, if any. */
export async function findResentCopy(tx: DbOrTx, id: string): Promise<QuoteRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(quoteRequests)
    .where(eq(quoteRequests.resentFromId, id))
    .limit(1)
  return row
}

// --- What an account holds: decided under the account's lock. -------------------

/**
 * How many of the customer's requests are open (QUOTE_OPEN_STATUSES) on the shop date `today`:
 * a quote past its Valid until that the sweeper has not marked expired yet is not open.
 */
export async function countOpenRequests(
  tx: DbOrTx,
  customerId: string,
  today: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteRequests)
    .where(
      and(
        eq(quoteRequests.customerId, customerId),
        inArray(quoteRequests.status, [...QUOTE_OPEN_STATUSES]),
        sql`not (${quoteRequests.status} = 'quoted' and ${latestValidUntil} < ${today}::date)`,
      ),
    )
  return Number(row?.n ?? 0)
}

/**
 * The bytes of the customer's drawings, whatever their requests' status (the files stay
 * stored). A request sent again counts once, in its newest copy: the copy holds the same
 * content. TODO(blob store): once drawings carry their content hash, sum the sizes
 * of the distinct hashes instead, so the same file sent twice counts once too.
 */
export async function drawingBytesOf(tx: DbOrTx, customerId: string): Promise<number> {
  const [row] = await selectRows<{ bytes: string | number | null }>(
    tx,
    sql`
    select coalesce(sum(d.byte_size), 0)::bigint as bytes
    from quote_drawings d join quote_requests r on r.id = d.request_id
    where r.customer_id = ${customerId}
      and not exists (select 1 from quote_requests c where c.resent_from_id = r.id)`,
  )
  return Number(row?.bytes ?? 0)
}

/** How many drawings a request has (a resend needs a verified e-mail when it has any). */
export async function countDrawings(tx: DbOrTx, requestId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteDrawings)
    .where(eq(quoteDrawings.requestId, requestId))
  return Number(row?.n ?? 0)
}
