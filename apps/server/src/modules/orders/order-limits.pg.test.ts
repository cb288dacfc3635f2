import { OPEN_UNPAID_ORDERS_MAX } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { signInCookieAt, verifyThroughOutbox } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { insertFirstOrderPromotion } from '../../../test/orders.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'
import { selectRows } from '../../db/client.js'

/**
 * Every limit of what an account may hold unpaid is decided under the customer's lock (issue
 * 25), and the first-order discount under the phone's and the address's: parallel orders
 * through two processes on one PostgreSQL never overshoot.
 */
let database: TestDatabase
let servers: RunningServer[] = []
const dataDirs = ['/tmp/toolworks-limits-a', '/tmp/toolworks-limits-b'] as const

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'limits-test-secret-0123456789-abcdefghijklmn',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    TRUST_PROXY: 'true',
  }
  servers = await Promise.all(dataDirs.map((dir) => startServer({ ...env, DATA_DIR: dir })))
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

const bases = () => servers.map((s) => s.url) as [string, string]

async function customer(n: number, verified: boolean): Promise<string> {
  const base = bases()[n % 2] ?? ''
  const email = `limits.${Date.now().toString(36)}.${n}@example.com`
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-forwarded-for': `10.25.0.${n + 1}`,
    },
    body: JSON.stringify({ name: `Buyer ${n}`, email, password: 'limits-pass-123' }),
  })
  expect(signUp.status).toBe(200)
  const cookie = await signInCookieAt(base, email, 'limits-pass-123', {
    'x-forwarded-for': `10.25.0.${n + 1}`,
  })
  const token = await fetch(`${base}/api/user/${email}`, { method: 'PUT', headers: { cookie } })
  if (verified) await verifyThroughOutbox(base, dataDirs[n % 2] ?? '', email)
  return ((await token.json()) as { token: string }).token
}

function purchase(
  i: number,
  token: string,
  toolsId: string,
  to = { phone: '+880 1700 000000', address: 'Dhaka' },
) {
  return fetch(`${bases()[i % 2]}/api/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ toolsId, purchaseQuantity: 1, ...to }),
  })
}

const unpaidOf = async (toolId: string) =>
  (
    await selectRows<{ n: number; cents: number }>(
      database.db,
      sql`select count(*)::int as n, coalesce(sum(total_cents), 0)::int as cents
          from orders where tool_id = ${toolId} and status = 'unpaid'`,
    )
  )[0]

test('25 parallel orders of one account through two processes: exactly 10 are placed', async () => {
  const token = await customer(1, true)
  const tool = await insertTool(database.db, { priceCents: 100, quantity: 100 })

  const statuses = await Promise.all(
    Array.from({ length: 25 }, async (_, i) => (await purchase(i, token, tool.id)).status),
  )
  expect(statuses.filter((s) => s === 201)).toHaveLength(OPEN_UNPAID_ORDERS_MAX)
  expect(statuses.filter((s) => s === 409)).toHaveLength(25 - OPEN_UNPAID_ORDERS_MAX)
  expect((await unpaidOf(tool.id))?.n).toBe(OPEN_UNPAID_ORDERS_MAX)
})

test('parallel orders of an unverified account never hold more than $1,000 unpaid', async () => {
  const token = await customer(2, false)
  const tool = await insertTool(database.db, { priceCents: 15_000, quantity: 100 }) // $150

  const statuses = await Promise.all(
    Array.from({ length: 25 }, async (_, i) => (await purchase(i, token, tool.id)).status),
  )
  // 6 × $150 = $900; a 7th would make $1,050.
  expect(statuses.filter((s) => s === 201)).toHaveLength(6)
  expect(statuses.filter((s) => s === 409)).toHaveLength(19)
  expect(await unpaidOf(tool.id)).toEqual({ n: 6, cents: 90_000 })
})

test('ten new accounts ordering to one phone at once: one first-order discount', async () => {
  await insertFirstOrderPromotion(database.db, { percent: 50, capCents: 10_000 })
  const tool = await insertTool(database.db, { priceCents: 1_000, quantity: 100 })
  const tokens = await Promise.all(Array.from({ length: 10 }, (_, n) => customer(10 + n, true)))

  // One phone, written two ways; each account its own address.
  const results = await Promise.all(
    tokens.map((token, i) =>
      purchase(i, token, tool.id, {
        phone: i % 2 === 0 ? '01811-000000' : '+8801811000000',
        address: `House ${i}, Road 7, Khulna`,
      }),
    ),
  )
  expect(results.map((r) => r.status)).toEqual(tokens.map(() => 201))
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from orders where tool_id = ${tool.id} and first_order_discount`,
  )
  expect(row?.n).toBe(1)
})
