import { CartSchema, ErrorBodySchema, QuoteRequestSchema, quoteRuleWords } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import {
  acceptQuote,
  insertOffer,
  insertQuotedRequest,
  quoteRow,
  shopDay,
} from '../../../test/quote-rows.js'
import { quoteOffers, quoteRequests, users } from '../../db/schema/index.js'
import { expireAllPast } from './quote-expiry.js'
import { createQuoteAcceptanceService } from './quote-acceptance.service.js'

/** POST /api/quote/{id}/accept: one quoted line goes into the buyer's cart, once. */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db
const m = quoteRuleWords
const twoLines = [
  { quantity: 100, unitPriceCents: 450 },
  { quantity: 500, unitPriceCents: 320 },
]

describe('accepting a quote', () => {
  test('the named quantity line goes into the cart at the offer’s price; the body’s prices are ignored', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const { request, offer } = await insertQuotedRequest(db(), {
      customer: buyer,
      lines: twoLines,
      leadTimeDays: 12,
      validUntil: shopDay(10),
    })

    const res = await acceptQuote(app, buyer, request.id, {
      quantity: 500,
      revision: 1,
      unitPrice: 0.01,
      unitPriceCents: 1,
    })

    expect(res.statusCode, res.body).toBe(200)
    const answer = QuoteRequestSchema.parse(res.json())
    expect(answer).toMatchObject({
      _id: request.id,
      status: 'accepted',
      accepted: { quantity: 500, unitPrice: 3.2 },
      orderId: null,
      partName: 'Flange bracket',
      offer: {
        _id: offer.id,
        revision: 1,
        leadTimeDays: 12,
        validUntil: shopDay(10),
        lines: [
          { quantity: 100, unitPrice: 4.5, lineTotal: 450 },
          { quantity: 500, unitPrice: 3.2, lineTotal: 1600 },
        ],
      },
    })
    expect(answer.offers).toHaveLength(1)
    const row = await quoteRow(db(), request.id)
    expect(row).toMatchObject({
      status: 'accepted',
      acceptedOfferId: offer.id,
      acceptedQuantity: 500,
    })
    expect(row.acceptedAt).toBeInstanceOf(Date)
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(buyer) })
    expect(CartSchema.parse(cart.json()).lines).toEqual([
      {
        quote: request.id,
        quantity: 500,
        name: 'Custom: Flange bracket',
        unitPrice: 3.2,
        leadTimeDays: 12,
        validUntil: shopDay(10),
      },
    ])
  })

  test('a quantity the latest offer has no line for is refused and nothing changes', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const { request } = await insertQuotedRequest(db(), { customer: buyer, lines: twoLines })

    const res = await acceptQuote(app, buyer, request.id, { quantity: 250 })

    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: m.noSuchLine,
    })
    expect(await quoteRow(db(), request.id)).toMatchObject({
      status: 'quoted',
      acceptedOfferId: null,
    })
    // Not a whole number of at least 1: the body's schema refuses it.
    expect((await acceptQuote(app, buyer, request.id, { quantity: 0 })).statusCode).toBe(400)
  })

  test('a quote revised while the buyer read it answers 409 “the quote changed”; the latest revision is accepted at its price', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const { request } = await insertQuotedRequest(db(), { customer: buyer, lines: twoLines })
    const revised = await insertOffer(db(), request.id, {
      lines: [{ quantity: 500, unitPriceCents: 299 }],
    })

    const stale = await acceptQuote(app, buyer, request.id, { quantity: 500, revision: 1 })
    expect(stale.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(stale.json()).error).toMatchObject({
      code: 'CONFLICT',
      message: 'the quote changed; please review it',
    })
    expect((await quoteRow(db(), request.id)).status).toBe('quoted')
    // The first revision's 100 line is gone from the latest offer.
    expect((await acceptQuote(app, buyer, request.id, { quantity: 100 })).statusCode).toBe(400)

    const ok = await acceptQuote(app, buyer, request.id, { quantity: 500, revision: 2 })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(QuoteRequestSchema.parse(ok.json()).accepted).toEqual({ quantity: 500, unitPrice: 2.99 })
    expect((await quoteRow(db(), request.id)).acceptedOfferId).toBe(revised.id)
  })

  test('a quote past its Valid until answers 409 with the date and becomes Expired; on its last day it is still accepted', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const yesterday = shopDay(-1)
    const old = await insertQuotedRequest(db(), {
      customer: buyer,
      lines: twoLines,
      validUntil: yesterday,
    })
    const lastDay = await insertQuotedRequest(db(), {
      customer: buyer,
      lines: twoLines,
      validUntil: shopDay(0),
    })

    const res = await acceptQuote(app, buyer, old.request.id, { quantity: 100 })
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).error.message).toBe(m.expired(yesterday))
    expect(await quoteRow(db(), old.request.id)).toMatchObject({
      status: 'expired',
      acceptedOfferId: null,
    })
    // Once expired, a retry is told the status.
    const again = await acceptQuote(app, buyer, old.request.id, { quantity: 100 })
    expect(ErrorBodySchema.parse(again.json()).error.message).toBe(m.wrongStatus('Expired'))

    expect((await acceptQuote(app, buyer, lastDay.request.id, { quantity: 100 })).statusCode).toBe(
      200,
    )
  })

  // Decision: a 409 to an expired quote's accept keeps its write of `expired`.
  // The refusal changes nothing the buyer asked for (no line, no cart, no offer); the expiry is
  // the calendar's, which the buyer's list and the sweeper write the same way on their own, so
  // the accept only writes it first, and the page then shows what the message says.
  test('accepting an expired quote: 409, and the quote is written Expired exactly as the sweeper writes it, nothing else', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const yesterday = shopDay(-1)
    const asked = await insertQuotedRequest(db(), {
      customer: buyer,
      lines: twoLines,
      validUntil: yesterday,
    })
    const swept = await insertQuotedRequest(db(), {
      customer: buyer,
      lines: twoLines,
      validUntil: yesterday,
    })
    const offersBefore = await db().select().from(quoteOffers)

    const res = await acceptQuote(app, buyer, asked.request.id, { quantity: 100 })
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).error.message).toBe(m.expired(yesterday))
    // The other one expires by the sweeper's own update.
    expect(await expireAllPast(db())).toEqual([swept.request.id])

    const fields = (row: Awaited<ReturnType<typeof quoteRow>>) => ({
      status: row.status,
      acceptedOfferId: row.acceptedOfferId,
      acceptedQuantity: row.acceptedQuantity,
      acceptedAt: row.acceptedAt,
      orderId: row.orderId,
    })
    const written = fields(await quoteRow(db(), asked.request.id))
    expect(written).toEqual({
      status: 'expired',
      acceptedOfferId: null,
      acceptedQuantity: null,
      acceptedAt: null,
      orderId: null,
    })
    expect(written).toEqual(fields(await quoteRow(db(), swept.request.id)))
    // Nothing the buyer asked for happened: the offers are as they were, the cart is empty.
    expect(await db().select().from(quoteOffers)).toEqual(offersBefore)
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(buyer) })
    expect(CartSchema.parse(cart.json()).lines).toEqual([])
  })

  test('two clicks: the first accepts, the second answers 409 and changes nothing; a request without a quote cannot be accepted', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const { request } = await insertQuotedRequest(db(), { customer: buyer, lines: twoLines })

    const [a, b] = await Promise.all([
      acceptQuote(app, buyer, request.id, { quantity: 100 }),
      acceptQuote(app, buyer, request.id, { quantity: 500 }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(ErrorBodySchema.parse(loser.json()).error.message).toBe(m.wrongStatus('Accepted'))
    const winner = QuoteRequestSchema.parse((a.statusCode === 200 ? a : b).json())
    expect((await quoteRow(db(), request.id)).acceptedQuantity).toBe(winner.accepted?.quantity)
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(buyer) })
    expect(CartSchema.parse(cart.json()).lines).toHaveLength(1)

    const other = await insertQuotedRequest(db(), { customer: buyer, lines: twoLines })
    await db()
      .update(quoteRequests)
      .set({ status: 'requested' })
      .where(eq(quoteRequests.id, other.request.id))
    const requested = await acceptQuote(app, buyer, other.request.id, { quantity: 100 })
    expect(requested.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(requested.json()).error.message).toBe(m.wrongStatus('Requested'))
  })

  test('only the buyer accepts: another customer or an unknown id gets 404, an admin 403, nobody 401', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const buyer = await createUser(app)
    const other = await createUser(app)
    const admin = await createUser(app, { email: adminEmail })
    const { request } = await insertQuotedRequest(db(), { customer: buyer, lines: twoLines })

    const notFound = await acceptQuote(app, other, request.id, { quantity: 100 })
    expect(notFound.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(notFound.json()).error.message).toBe(m.notFound)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await acceptQuote(app, buyer, id, { quantity: 100 })
      expect(res.statusCode).toBe(404)
      expect(ErrorBodySchema.parse(res.json()).error.message).toBe(m.notFound)
    }
    expect((await acceptQuote(app, admin, request.id, { quantity: 100 })).statusCode).toBe(403)
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/quote/${request.id}/accept`,
      payload: { quantity: 100 },
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await quoteRow(db(), request.id)).status).toBe('quoted')
  })
})

describe('the accepted e-mail', () => {
  test('goes after the commit with the accepted line; a failing mailer is logged and the accept stands', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const { request } = await insertQuotedRequest(db(), { customer: buyer, lines: twoLines })
    const [user] = await db().select().from(users).where(eq(users.email, buyer.email))
    const seen: string[] = []
    const accepted = vi.fn(async () => {
      // The row is already committed when the mail is asked for.
      seen.push((await quoteRow(db(), request.id)).status)
      throw new Error('smtp down')
    })
    const log = { error: vi.fn() }
    const service = createQuoteAcceptanceService({ db: db(), mails: { accepted }, log })

    const answer = await service.accept(
      { id: user?.id ?? '', email: buyer.email, name: buyer.name, role: 'customer' },
      request.id,
      { quantity: 100 },
    )

    expect(answer.status).toBe('accepted')
    expect(accepted).toHaveBeenCalledWith(
      {
        id: request.id,
        partName: 'Flange bracket',
        customerName: buyer.name,
        customerEmail: buyer.email,
      },
      { quantity: 100, unitPriceCents: 450 },
    )
    expect(seen).toEqual(['accepted'])
    expect(log.error).toHaveBeenCalledOnce()
    expect((await quoteRow(db(), request.id)).status).toBe('accepted')
  })
})

test('the OpenAPI document shows the accept route with its words', async () => {
  const app = testApp.current
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>()
  const text = JSON.stringify(doc.paths['/api/quote/{id}/accept']?.post)
  for (const word of ['quantity', 'revision', 'accepted', 'offer', 'offers', 'drawings'])
    expect(text).toContain(`"${word}"`)
})
