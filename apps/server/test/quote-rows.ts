import { addWorkingDays, shopDate } from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'

import type { App } from '../src/app.js'
import type { Db } from '../src/db/client.js'
import { quoteOfferLines, quoteOffers, quoteRequests, users } from '../src/db/schema/index.js'
import { bearer, type TestUser } from './accounts.js'

/**
 * Helpers of the quote-acceptance tests. quotes-core builds the routes that make
 * requests and offers; these tests write them straight into the tables instead.
 */

/** A shop date `days` calendar days from the shop's today (negative: in the past). */
export function shopDay(days: number): string {
  const at = new Date(`${shopDate(new Date())}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

type OfferSpec = {
  lines: { quantity: number; unitPriceCents: number }[]
  leadTimeDays?: number
  validUntil?: string
}

export async function insertOffer(db: Db, requestId: string, spec: OfferSpec) {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${quoteOffers.revision}), 0)::int` })
    .from(quoteOffers)
    .where(eq(quoteOffers.requestId, requestId))
  const [offer] = await db
    .insert(quoteOffers)
    .values({
      requestId,
      revision: (last?.n ?? 0) + 1,
      leadTimeDays: spec.leadTimeDays ?? 10,
      validUntil: spec.validUntil ?? shopDay(14),
      note: 'Deburred, no finish.',
    })
    .returning()
  if (!offer) throw new Error('insert returned no row')
  await db
    .insert(quoteOfferLines)
    .values(spec.lines.map((line, position) => ({ offerId: offer.id, position, ...line })))
  return offer
}

/** A request of `customer` with one offer: status `quoted`, as the shop's Send quote leaves it. */
export async function insertQuotedRequest(
  db: Db,
  {
    customer,
    partName = 'Flange bracket',
    ...spec
  }: OfferSpec & { customer: Pick<TestUser, 'email' | 'name'>; partName?: string },
) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, customer.email))
  if (!user) throw new Error(`no account ${customer.email}`)
  const [request] = await db
    .insert(quoteRequests)
    .values({
      customerId: user.id,
      customerEmail: customer.email,
      customerName: customer.name,
      process: 'machining',
      partName,
      material: 'Aluminium 6061',
      quantities: spec.lines.map((l) => l.quantity).slice(0, 3),
      phone: '+880 1711 000000',
      address: 'House 12, Road 3, Gazipur',
      status: 'quoted',
    })
    .returning()
  if (!request) throw new Error('insert returned no row')
  const offer = await insertOffer(db, request.id, spec)
  return { request, offer }
}

export async function quoteRow(db: Db, id: string) {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id))
  if (!row) throw new Error(`no quote request ${id}`)
  return row
}

export const acceptQuote = (app: App, user: TestUser, id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/quote/${id}/accept`,
    headers: bearer(user),
    payload,
  })

/** The ships-by date of a custom line placed today. */
export const customShipsBy = (leadTimeDays: number) =>
  addWorkingDays(shopDate(new Date()), leadTimeDays)
