import { nextQuoteStatus, quoteTargetOf, type QuoteEvent } from '@toolworks/shared'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { quoteOfferLines, quoteOffers, quoteRequests } from '../../db/schema/index.js'

export type QuoteRequestRow = typeof quoteRequests.$inferSelect
export type QuoteOfferRow = typeof quoteOffers.$inferSelect
export type QuoteOfferLineRow = typeof quoteOfferLines.$inferSelect
export type OfferWithLines = QuoteOfferRow & { lines: QuoteOfferLineRow[] }
type Status = QuoteRequestRow['status']

/** The columns a cart or an order needs of an accepted (or ordered) quote. */
export type AcceptedQuoteRow = {
  id: string
  customerId: string
  status: Status
  partName: string
  acceptedAt: Date | null
  orderId: string | null
  quantity: number
  unitPriceCents: number
  leadTimeDays: number
  validUntil: string
}

import { quoteStatusAllows } from './quotes.queries.js'

export { findRequest } from './quotes.queries.js'

/** The latest revision (the one the buyer sees) with its lines. */
export async function latestOffer(
  db: DbOrTx,
  requestId: string,
): Promise<OfferWithLines | undefined> {
  const [offer] = await db
    .select()
    .from(quoteOffers)
    .where(eq(quoteOffers.requestId, requestId))
    .orderBy(desc(quoteOffers.revision))
    .limit(1)
  if (!offer) return undefined
  const lines = await db
    .select()
    .from(quoteOfferLines)
    .where(eq(quoteOfferLines.offerId, offer.id))
    .orderBy(asc(quoteOfferLines.position))
  return { ...offer, lines }
}

/** The accept step, only from where the table allows it: of two clicks, one moves it. */
export async function markAccepted(
  tx: DbOrTx,
  id: string,
  offerId: string,
  quantity: number,
): Promise<QuoteRequestRow | undefined> {
  const [row] = await tx
    .update(quoteRequests)
    .set({
      status: quoteTargetOf('accept'),
      acceptedOfferId: offerId,
      acceptedQuantity: quantity,
      acceptedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(quoteRequests.id, id), quoteStatusAllows('accept')))
    .returning()
  return row
}

/** The expire step for one request, only from where the table allows it. */
export async function markExpired(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(quoteRequests)
    .set({
      status: quoteTargetOf('expire'),
      acceptedOfferId: null,
      acceptedQuantity: null,
      acceptedAt: null,
      orderId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(quoteRequests.id, id), quoteStatusAllows('expire')))
}

const acceptedColumns = {
  id: quoteRequests.id,
  customerId: quoteRequests.customerId,
  status: quoteRequests.status,
  partName: quoteRequests.partName,
  acceptedAt: quoteRequests.acceptedAt,
  orderId: quoteRequests.orderId,
  quantity: quoteOfferLines.quantity,
  unitPriceCents: quoteOfferLines.unitPriceCents,
  leadTimeDays: quoteOffers.leadTimeDays,
  validUntil: quoteOffers.validUntil,
}

/** A request joined to the offer line it accepted (requests in accepted or ordered only). */
const acceptedJoin = (db: DbOrTx) =>
  db
    .select(acceptedColumns)
    .from(quoteRequests)
    .innerJoin(quoteOffers, eq(quoteOffers.id, quoteRequests.acceptedOfferId))
    .innerJoin(
      quoteOfferLines,
      and(
        eq(quoteOfferLines.offerId, quoteOffers.id),
        eq(quoteOfferLines.quantity, quoteRequests.acceptedQuantity),
      ),
    )

/** A buyer's accepted quotes (their cart's custom lines), oldest accepted first. */
export function acceptedOf(db: DbOrTx, customerId: string): Promise<AcceptedQuoteRow[]> {
  return acceptedJoin(db)
    .where(and(eq(quoteRequests.customerId, customerId), eq(quoteRequests.status, 'accepted')))
    .orderBy(asc(quoteRequests.acceptedAt), asc(quoteRequests.id))
}

/**
 * Quotes with their accepted line, locked until the transaction ends, so what a checkout
 * checks is what it marks ordered. Quotes are locked after users and tools, as every
 * transaction that touches them does.
 */
export function lockAccepted(tx: DbOrTx, ids: readonly string[]): Promise<AcceptedQuoteRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return acceptedJoin(tx)
    .where(inArray(quoteRequests.id, [...ids]))
    .orderBy(asc(quoteRequests.id))
    .for('update', { of: quoteRequests })
}

/** The order step with its order, only for the buyer's accepted quotes; answers the ids moved. */
export async function markOrdered(
  tx: DbOrTx,
  customerId: string,
  ids: readonly string[],
  orderId: string,
): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .update(quoteRequests)
    .set({ status: quoteTargetOf('order'), orderId, updatedAt: new Date() })
    .where(
      and(
        inArray(quoteRequests.id, [...ids]),
        eq(quoteRequests.customerId, customerId),
        quoteStatusAllows('order'),
      ),
    )
    .returning({ id: quoteRequests.id })
  return rows.map((r) => r.id)
}

/** Where `event` takes a request in `from`; a caller asking for a step the table lacks is a bug. */
function targetFrom(from: Status, event: QuoteEvent): Status {
  const to = nextQuoteStatus(from, event)
  if (!to) throw new Error(`a ${from} request cannot ${event}`)
  return to
}

/**
 * Back from the cart or a cancelled order, only from `from`: `release` while the latest offer
 * is valid on `today`, else `release_expired` (their targets come from the table). The accepted
 * line is forgotten (the buyer may accept again, possibly another line).
 */
export async function releaseQuotes(
  tx: DbOrTx,
  where: { ids: readonly string[]; from: 'accepted' | 'ordered'; orderIds?: readonly string[] },
  today: string,
): Promise<void> {
  if (where.ids.length === 0) return
  const valid = targetFrom(where.from, 'release')
  const lapsed = targetFrom(where.from, 'release_expired')
  const stillValid = sql`exists (select 1 from ${quoteOffers} o where o.request_id = ${quoteRequests.id} and o.valid_until >= ${today} and o.revision = (select max(o2.revision) from ${quoteOffers} o2 where o2.request_id = ${quoteRequests.id}))`
  await tx
    .update(quoteRequests)
    .set({
      status: sql`case when ${stillValid} then ${valid} else ${lapsed} end`,
      acceptedOfferId: null,
      acceptedQuantity: null,
      acceptedAt: null,
      orderId: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        inArray(quoteRequests.id, [...where.ids]),
        eq(quoteRequests.status, where.from),
        where.orderIds ? inArray(quoteRequests.orderId, [...where.orderIds]) : undefined,
      ),
    )
}

/** A buyer's accepted quotes other than `keep` (the ones a cart replace leaves out). */
export async function acceptedIdsExcept(
  tx: DbOrTx,
  customerId: string,
  keep: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.customerId, customerId), eq(quoteRequests.status, 'accepted')))
  return rows.map((r) => r.id).filter((id) => !keep.includes(id))
}

/** Locks requests by id (after users and tools), for a late payment that may re-order them. */
export async function lockRequests(tx: DbOrTx, ids: readonly string[]): Promise<QuoteRequestRow[]> {
  if (ids.length === 0) return []
  return tx
    .select()
    .from(quoteRequests)
    .where(inArray(quoteRequests.id, [...ids]))
    .orderBy(asc(quoteRequests.id))
    .for('update')
}

/** The reorder step (a late payment reinstating its order), with the line it buys. */
export async function markReordered(
  tx: DbOrTx,
  id: string,
  line: { offerId: string; quantity: number },
  orderId: string,
): Promise<boolean> {
  const rows = await tx
    .update(quoteRequests)
    .set({
      status: quoteTargetOf('reorder'),
      acceptedOfferId: line.offerId,
      acceptedQuantity: line.quantity,
      acceptedAt: new Date(),
      orderId,
      updatedAt: new Date(),
    })
    .where(and(eq(quoteRequests.id, id), quoteStatusAllows('reorder')))
    .returning({ id: quoteRequests.id })
  return rows.length === 1
}
