import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'
import { selectRows } from '../../db/client.js'
import { tools } from '../../db/schema/index.js'

let database: TestDatabase
let servers: RunningServer[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'concurrency-test-secret-0123456789-abcdefghij',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    // Each test customer signs up from an address of its own (X-Forwarded-For): the tests need
    // more accounts than one address may create in a minute.
    TRUST_PROXY: 'true',
  }
  // Two server processes on one database must behave as one (DESIGN.md, Scale-out).
  servers = await Promise.all([
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-concurrency-a' }),
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-concurrency-b' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

async function customerToken(base: string, n: number): Promise<string> {
  const email = `buyer.${Date.now().toString(36)}.${n}@example.com`
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-forwarded-for': `10.13.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    },
    body: JSON.stringify({ name: `Buyer ${n}`, email, password: 'concurrency-pass' }),
  })
  const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ')
  const token = await fetch(`${base}/api/user/${email}`, { method: 'PUT', headers: { cookie } })
  return ((await token.json()) as { token: string }).token
}

function purchase(base: string, token: string, toolsId: string, purchaseQuantity: number) {
  return fetch(`${base}/api/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      toolsId,
      purchaseQuantity,
      phone: '+880 1700 000000',
      address: 'Dhaka',
    }),
  })
}

test('200 concurrent orders through two processes never oversell: the orders add up to the stock exactly', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  // 20 customers with 10 orders each: at most 10 open unpaid orders per customer (issue 13).
  const tokens = await Promise.all(
    Array.from({ length: 20 }, (_, n) => customerToken(n % 2 === 0 ? a : b, n + 1)),
  )
  const tool = await insertTool(database.db, { quantity: 150, minimum: 1 })

  // 200 orders of 1 to 3 units (about 400 units asked) against a stock of 150.
  const asks = Array.from({ length: 200 }, (_, i) => (i % 3) + 1)
  const results = await Promise.all(
    asks.map(async (qty, i) => {
      const res = await purchase(i % 2 === 0 ? a : b, tokens[i % tokens.length] ?? '', tool.id, qty)
      return { status: res.status, qty }
    }),
  )

  const ok = results.filter((r) => r.status === 201)
  const refused = results.filter((r) => r.status !== 201)
  expect(refused.every((r) => r.status === 409)).toBe(true)
  const [row] = await database.db
    .select({ q: tools.quantity })
    .from(tools)
    .where(eq(tools.id, tool.id))
  const [ordered] = await selectRows<{ n: number }>(
    database.db,
    sql`select coalesce(sum(quantity), 0)::int as n from orders where tool_id = ${tool.id} and status <> 'cancelled'`,
  )
  expect(ok.reduce((sum, r) => sum + r.qty, 0)).toBe(ordered?.n)
  expect((row?.q ?? -1) + (ordered?.n ?? 0)).toBe(150)
  expect(row?.q).toBeGreaterThanOrEqual(0)
  // With ~400 units asked for 150, the stock is used up except for less than the smallest refused ask.
  const smallestRefused = Math.min(...refused.map((r) => r.qty))
  expect(row?.q).toBeLessThan(smallestRefused)
})

test('mixed orders and cancellations keep stock + live orders equal to the initial stock', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  // 10 customers: 6 orders each, then 3 more while 3 of each are cancelled (at most 9 open).
  const tokens = await Promise.all(
    Array.from({ length: 10 }, (_, n) => customerToken(n % 2 === 0 ? a : b, 100 + n)),
  )
  const tokenOf = (i: number) => tokens[i % tokens.length] ?? ''
  const tool = await insertTool(database.db, { quantity: 100, minimum: 1 })

  const created = await Promise.all(
    Array.from({ length: 60 }, async (_, i) => {
      const res = await purchase(i % 2 === 0 ? a : b, tokenOf(i), tool.id, 2)
      return res.status === 201
        ? { id: ((await res.json()) as { insertedId: string }).insertedId, token: tokenOf(i) }
        : undefined
    }),
  )
  const ids = created.filter((o): o is { id: string; token: string } => o !== undefined)
  // Cancel every other order, twice each and through both processes, while new orders arrive.
  await Promise.all([
    ...ids
      .filter((_, i) => i % 2 === 0)
      .flatMap(({ id, token }) =>
        [a, b].map((base) =>
          fetch(`${base}/api/purchase/${id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      ),
    ...Array.from({ length: 30 }, (_, i) => purchase(i % 2 === 0 ? b : a, tokenOf(i), tool.id, 3)),
  ])

  const [row] = await database.db
    .select({ q: tools.quantity })
    .from(tools)
    .where(eq(tools.id, tool.id))
  const [live] = await selectRows<{ n: number }>(
    database.db,
    sql`select coalesce(sum(quantity), 0)::int as n from orders where tool_id = ${tool.id} and status <> 'cancelled'`,
  )
  expect((row?.q ?? 0) + (live?.n ?? 0)).toBe(100)
  expect(row?.q).toBeGreaterThanOrEqual(0)
})
