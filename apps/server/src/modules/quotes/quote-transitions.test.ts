import {
  QUOTE_EVENTS,
  QUOTE_STATUSES,
  QUOTE_TRANSITIONS,
  type QuoteEvent,
  type QuoteStatus,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { markPaid } from '../../../test/invoices.js'
import { cancel, checkout, openPaymentPage } from '../../../test/orders.js'
import { acceptQuote, quoteRow, shopDay } from '../../../test/quote-rows.js'
import { postQuote } from '../../../test/quotes.js'
import type { App } from '../../app.js'
import { orders, quoteOffers, sandboxPaymentIntents } from '../../db/schema/index.js'

/**
 * The quote request's transitions table (packages/shared/src/quote-states.ts)
 * walked through the shop's routes: every row is a step the server takes, and a step the
 * table does not list is refused and changes nothing.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const testApp = useTestApp(database, { adminEmails: [adminEmail] })

const QUANTITY = 100

type Quote = { app: App; id: string; buyer: TestUser; admin: TestUser; orderId?: string }

const post = (o: Quote, who: TestUser, step: string, payload: object = {}) =>
  o.app.inject({
    method: 'POST',
    url: `/api/quote/${o.id}/${step}`,
    headers: bearer(who),
    payload,
  })

/** Every offer of the request runs out yesterday. */
const offerRunsOut = (o: Quote) =>
  database.current.db
    .update(quoteOffers)
    .set({ validUntil: shopDay(-1) })
    .where(eq(quoteOffers.requestId, o.id))

/** Back from the cart, or from the order holding it when it is cancelled. */
const release = async (o: Quote) =>
  o.orderId
    ? (await cancel(o.app, o.buyer, o.orderId)).statusCode
    : (
        await o.app.inject({
          method: 'DELETE',
          url: `/api/cart/quote/${o.id}`,
          headers: bearer(o.buyer),
        })
      ).statusCode

/** How the shop takes each event; the answer's status code is kept for the refusals. */
const perform: Record<QuoteEvent, (o: Quote) => Promise<number>> = {
  offer: async (o) =>
    (
      await post(o, o.admin, 'offer', {
        lines: [{ quantity: QUANTITY, unitPrice: 2.5 }],
        leadTimeDays: 10,
        validUntil: shopDay(14),
        note: '',
      })
    ).statusCode,
  accept: async (o) => (await acceptQuote(o.app, o.buyer, o.id, { quantity: QUANTITY })).statusCode,
  decline: async (o) => (await post(o, o.buyer, 'decline', { reason: '' })).statusCode,
  withdraw: async (o) => (await post(o, o.buyer, 'withdraw')).statusCode,
  expire: async (o) => {
    await offerRunsOut(o)
    // The admin's list expires every quote past its date, as the sweeper does.
    await o.app.services.quotes.listAll()
    return 200
  },
  order: async (o) => {
    const res = await checkout(o.app, o.buyer, [{ quote: o.id, quantity: QUANTITY }])
    if (res.statusCode === 201) o.orderId = res.json<{ insertedId: string }>().insertedId
    return res.statusCode
  },
  release,
  release_expired: async (o) => {
    await offerRunsOut(o)
    return release(o)
  },
  // A late payment for the expired order that held the quote (flows/payment-received.ts).
  reorder: async (o) => {
    if (!o.orderId) throw new Error('reorder needs the expired order')
    const intent = await openPaymentPage(o.app, o.buyer, o.orderId)
    await database.current.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, o.orderId))
    await o.app.services.orderSweeper.sweep()
    expect((await quoteRow(database.current.db, o.id)).status).toBe('quoted')
    await database.current.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))
    return (await markPaid(o.app, o.buyer, o.orderId, intent.paymentIntentId)).statusCode
  },
}

/** The steps that bring a fresh request to each status. */
const path: Record<QuoteStatus, QuoteEvent[]> = {
  requested: [],
  quoted: ['offer'],
  accepted: ['offer', 'accept'],
  ordered: ['offer', 'accept', 'order'],
  declined: ['offer', 'decline'],
  expired: ['offer', 'expire'],
  withdrawn: ['withdraw'],
}

async function quoteIn(status: QuoteStatus, next: QuoteEvent): Promise<Quote> {
  const app = testApp.current
  const buyer = await createUser(app, { verified: true })
  const admin = await createUser(app, { email: adminEmail })
  const res = await postQuote(app, buyer)
  expect(res.statusCode, res.body).toBe(201)
  const o: Quote = { app, id: res.json<{ _id: string }>()._id, buyer, admin }
  // The quote a late payment re-orders came back to quoted from its order's expiry.
  const steps = next === 'reorder' ? path.ordered : path[status]
  for (const step of steps) expect(await perform[step](o), step).toBeLessThan(300)
  if (next !== 'reorder') expect((await quoteRow(database.current.db, o.id)).status).toBe(status)
  return o
}

describe('every row of the quote table is a step the shop takes', () => {
  test.each(QUOTE_TRANSITIONS.map((row) => [`${row.from} --${row.event}-> ${row.to}`, row]))(
    '%s',
    async (_, row) => {
      const o = await quoteIn(row.from, row.event)
      expect(await perform[row.event](o)).toBeLessThan(300)
      expect((await quoteRow(database.current.db, o.id)).status).toBe(row.to)
    },
  )
})

/** Only a late payment re-orders a quote: no request asks it of a quote in another status. */
const refused = QUOTE_STATUSES.flatMap((from) =>
  QUOTE_EVENTS.filter(
    (event) =>
      event !== 'reorder' &&
      !QUOTE_TRANSITIONS.some((row) => row.from === from && row.event === event),
  ).map((event) => [`${from} --${event}-> refused`, from, event] as const),
)

describe('a step the quote table does not list changes nothing', () => {
  test.each(refused)('%s', async (_, from, event) => {
    const o = await quoteIn(from, event)
    const before = await quoteRow(database.current.db, o.id)
    const code = await perform[event](o)
    // A refused step answers 4xx; the lists' expiry and a cart's delete of nothing answer 200.
    expect(code === 200 || (code >= 400 && code < 500), String(code)).toBe(true)
    expect(await quoteRow(database.current.db, o.id)).toEqual(before)
  })
})
