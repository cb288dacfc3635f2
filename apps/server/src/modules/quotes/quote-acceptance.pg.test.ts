import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { CartSchema } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { signInCookieAt, verifyThroughOutbox } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { insertQuotedRequest, quoteRow, shopDay } from '../../../test/quote-rows.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'
import {
  orderLines,
  orders,
  quoteOffers,
  quoteRequests,
  tools,
  users,
} from '../../db/schema/index.js'

/**
 * Accepting quotes on PostgreSQL, through two server processes on one database (docs/operations.md,
 * Scale out): acceptance happens once, and a cart holding an accepted quote makes one order.
 */
let database: TestDatabase
let servers: RunningServer[] = []
let dataDirs: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'quote-concurrency-secret-0123456789-abcdefghij',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
  }
  dataDirs = ['a', 'b'].map((n) => mkdtempSync(path.join(os.tmpdir(), `toolworks-quotes-${n}-`)))
  servers = await Promise.all(dataDirs.map((dir) => startServer({ ...env, DATA_DIR: dir })))
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

/** A buyer with a verified e-mail: the order of a $1,600 part needs it. */
async function signUpBuyer(base: string, dataDir: string) {
  const email = `quote.buyer.${Date.now().toString(36)}@example.com`
  const name = 'Nusrat Jahan'
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ name, email, password: 'concurrency-pass' }),
  })
  expect(signUp.status).toBe(200)
  const cookie = await signInCookieAt(base, email, 'concurrency-pass')
  const res = await fetch(`${base}/api/user/${email}`, { method: 'PUT', headers: { cookie } })
  const { token } = (await res.json()) as { token: string }
  await verifyThroughOutbox(base, dataDir, email)
  return { email, name, token }
}

const call = (base: string, token: string, method: string, url: string, body?: object) =>
  fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })

test('20 parallel accepts of one quote through two processes: exactly one succeeds and one line is in the cart; 20 parallel checkouts of that cart make exactly one order', async () => {
  const bases = servers.map((s) => s.url)
  const base = (i: number) => bases[i % bases.length] ?? ''
  const buyer = await signUpBuyer(base(0), dataDirs[0] ?? '')
  const { request } = await insertQuotedRequest(database.db, {
    customer: buyer,
    lines: [
      { quantity: 100, unitPriceCents: 450 },
      { quantity: 500, unitPriceCents: 320 },
    ],
    leadTimeDays: 10,
  })

  // Two tabs, two clicks, twenty: each asks for one of the two lines.
  const accepts = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(base(i), buyer.token, 'POST', `/api/quote/${request.id}/accept`, {
        quantity: i % 2 === 0 ? 100 : 500,
      }),
    ),
  )
  const statuses = accepts.map((r) => r.status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(1)
  expect(statuses.filter((s) => s === 409)).toHaveLength(19)
  const row = await quoteRow(database.db, request.id)
  expect(row.status).toBe('accepted')
  const accepted = await database.db
    .select()
    .from(quoteRequests)
    .where(eq(quoteRequests.status, 'accepted'))
  expect(accepted).toHaveLength(1)
  const cart = CartSchema.parse(await (await call(base(1), buyer.token, 'GET', '/api/cart')).json())
  expect(cart.lines).toEqual([
    expect.objectContaining({ quote: request.id, quantity: row.acceptedQuantity }),
  ])

  // The cart also holds a stock tool; twenty checkouts of it race through both processes.
  const tool = await insertTool(database.db, { quantity: 100 })
  const put = await call(base(0), buyer.token, 'PUT', '/api/cart', {
    lines: [
      { tool: tool.id, quantity: 2 },
      { quote: request.id, quantity: row.acceptedQuantity },
    ],
  })
  expect(put.status).toBe(200)
  const checkouts = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(base(i), buyer.token, 'POST', '/api/checkout', {
        lines: [
          { tool: tool.id, quantity: 2 },
          { quote: request.id, quantity: row.acceptedQuantity },
        ],
        phone: '+880 1700 000000',
        address: 'Dhaka',
      }),
    ),
  )
  const placed = checkouts.map((r) => r.status)
  expect(placed.filter((s) => s === 201)).toHaveLength(1)
  expect(placed.filter((s) => s === 409)).toHaveLength(19)

  const made = await database.db.select().from(orders)
  expect(made).toHaveLength(1)
  const customLines = await database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.quoteId, request.id))
  expect(customLines).toHaveLength(1)
  expect(await quoteRow(database.db, request.id)).toMatchObject({
    status: 'ordered',
    orderId: made[0]?.id,
  })
  // The refused checkouts took nothing: the stock went down once.
  const [stock] = await database.db
    .select({ q: tools.quantity })
    .from(tools)
    .where(eq(tools.id, tool.id))
  expect(stock?.q).toBe(98)
})

// An accept and a revision at once never leave the buyer at the superseded price.
test('accept and revise in parallel through two processes, 25 rounds: the buyer is never accepted at a superseded revision, and the loser gets 409', async () => {
  const bases = servers.map((s) => s.url)
  const buyer = await signUpBuyer(bases[0] ?? '', dataDirs[0] ?? '')
  const admin = await signUpBuyer(bases[1] ?? '', dataDirs[1] ?? '')
  await database.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email))

  const outcomes = { accepted: 0, revised: 0 }
  for (let round = 0; round < 25; round += 1) {
    const { request } = await insertQuotedRequest(database.db, {
      customer: buyer,
      partName: `Race bracket ${round}`,
      lines: [{ quantity: 100, unitPriceCents: 450 }],
    })
    // The buyer accepts revision 1 on one process while the admin revises it on the other.
    const [accept, revise] = await Promise.all([
      call(bases[round % 2] ?? '', buyer.token, 'POST', `/api/quote/${request.id}/accept`, {
        quantity: 100,
        revision: 1,
      }),
      call(bases[(round + 1) % 2] ?? '', admin.token, 'POST', `/api/quote/${request.id}/offer`, {
        lines: [{ quantity: 100, unitPrice: 5.2 }],
        leadTimeDays: 10,
        validUntil: shopDay(14),
        note: 'Revised',
      }),
    ])
    const statuses = [accept.status, revise.status].sort()
    // One of the two wins; the other is told the quote changed under it.
    expect(statuses).toEqual([200, 409])
    const row = await quoteRow(database.db, request.id)
    const revisions = await database.db
      .select({ id: quoteOffers.id, revision: quoteOffers.revision })
      .from(quoteOffers)
      .where(eq(quoteOffers.requestId, request.id))
    const latest = revisions.reduce((a, b) => (b.revision > a.revision ? b : a))
    if (accept.status === 200) {
      outcomes.accepted += 1
      expect(row.status).toBe('accepted')
      expect(revisions).toHaveLength(1)
      expect(row.acceptedOfferId).toBe(latest.id)
    } else {
      outcomes.revised += 1
      const body = (await accept.json()) as { error: { code: string } }
      expect(body.error.code).toBe('CONFLICT')
      expect(row.status).toBe('quoted')
      expect(row.acceptedOfferId).toBeNull()
      expect(latest.revision).toBe(2)
    }
  }
  expect(outcomes.accepted + outcomes.revised).toBe(25)
}, 120_000)
