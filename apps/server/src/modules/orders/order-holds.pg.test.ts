import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { signInCookieAt } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertOneLineOrders, insertTool } from '../../../test/factories.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'
import { selectRows } from '../../db/client.js'
import { orders, sandboxPaymentIntents, tools } from '../../db/schema/index.js'

/**
 * Cancelling, paying late and holding stock with two real server processes on one PostgreSQL database: cancels,
 * late payments and new orders racing each other, and two sweepers expiring the same orders.
 */
let database: TestDatabase
let servers: RunningServer[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'order-holds-test-secret-0123456789-abcdefghij',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    // Customers sign up from addresses of their own (more accounts than one address may make).
    TRUST_PROXY: 'true',
    // Both processes sweep five times a second, so their sweeps overlap.
    ORDER_SWEEP_SECONDS: '0.2',
  }
  servers = await Promise.all([
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-order-holds-a' }),
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-order-holds-b' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

const urls = () => servers.map((s) => s.url) as [string, string]

async function customerToken(base: string, n: number): Promise<string> {
  const email = `holder.${Date.now().toString(36)}.${n}@example.com`
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-forwarded-for': `10.31.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    },
    body: JSON.stringify({ name: `Holder ${n}`, email, password: 'order-holds-pass' }),
  })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`)
  const cookie = await signInCookieAt(base, email, 'order-holds-pass', {
    'x-forwarded-for': `10.31.${Math.floor(n / 250)}.${(n % 250) + 1}`,
  })
  const token = await fetch(`${base}/api/user/${email}`, { method: 'PUT', headers: { cookie } })
  return ((await token.json()) as { token: string }).token
}

const call = (base: string, token: string, method: string, path: string, body?: object) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body && { body: JSON.stringify(body) }),
  })

const purchase = (base: string, token: string, toolsId: string, purchaseQuantity: number) =>
  call(base, token, 'POST', '/api/purchase', {
    toolsId,
    purchaseQuantity,
    phone: '+880 1700 000000',
    address: 'Dhaka',
  })

const confirm = (base: string, clientSecret: string) =>
  fetch(`${base}/api/sandbox/payment_intents/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    }),
  })

async function stockAndLive(toolId: string) {
  const [tool] = await database.db
    .select({ q: tools.quantity })
    .from(tools)
    .where(eq(tools.id, toolId))
  const [live] = await selectRows<{ n: number }>(
    database.db,
    sql`select coalesce(sum(quantity), 0)::int as n from orders
        where tool_id = ${toolId} and status <> 'cancelled'`,
  )
  return { stock: tool?.q ?? -1, live: live?.n ?? -1 }
}

async function pollUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('cancels, card payments, late money and new orders racing through two processes never oversell: stock + live units = initial', async () => {
  const [a, b] = urls()
  const STOCK = 30
  const tool = await insertTool(database.db, { quantity: STOCK, minimum: 1 })
  const payers = await Promise.all(
    Array.from({ length: 10 }, (_, n) => customerToken(n % 2 === 0 ? a : b, n)),
  )
  const newcomers = await Promise.all(
    Array.from({ length: 10 }, (_, n) => customerToken(n % 2 === 0 ? b : a, 50 + n)),
  )

  // Ten customers take the whole stock (3 each) and open their payment pages.
  const held = await Promise.all(
    payers.map(async (token, i) => {
      const base = i % 2 === 0 ? a : b
      const placed = await purchase(base, token, tool.id, 3)
      expect(placed.status).toBe(201)
      const orderId = ((await placed.json()) as { insertedId: string }).insertedId
      const intent = await call(base, token, 'POST', '/api/create-payment-intent', { orderId })
      const { clientSecret, paymentIntentId } = (await intent.json()) as {
        clientSecret: string
        paymentIntentId: string
      }
      return { token, orderId, clientSecret, paymentIntentId }
    }),
  )
  expect(await stockAndLive(tool.id)).toEqual({ stock: 0, live: STOCK })

  // Each cancels on one process while paying on the other; newcomers order what comes free.
  await Promise.all([
    ...held.map(async ({ token, orderId, clientSecret, paymentIntentId }, i) => {
      const [mine, other] = i % 2 === 0 ? [a, b] : [b, a]
      await Promise.all([
        call(mine, token, 'DELETE', `/api/purchase/${orderId}`),
        (async () => {
          await confirm(other, clientSecret)
          await call(mine, token, 'PATCH', `/api/purchase/${orderId}`, {
            transactionId: paymentIntentId,
          })
        })(),
      ])
    }),
    ...newcomers.map((token, i) => purchase(i % 2 === 0 ? a : b, token, tool.id, 3)),
  ])
  const afterFirstRound = await stockAndLive(tool.id)
  expect(afterFirstRound.stock).toBeGreaterThanOrEqual(0)
  expect(afterFirstRound.stock + afterFirstRound.live).toBe(STOCK)

  // Money still arrives for every order the cancellation won (the provider's race): each is
  // reported through both processes at once while more newcomers order.
  const cancelledIds = (
    await database.db
      .select({ id: orders.id, pi: orders.paymentIntentId })
      .from(orders)
      .where(and(eq(orders.toolId, tool.id), eq(orders.status, 'cancelled')))
  ).filter((o) => held.some((h) => h.orderId === o.id))
  for (const { pi } of cancelledIds)
    await database.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, pi ?? ''))
  await Promise.all([
    ...cancelledIds.flatMap(({ id, pi }) => {
      const token = held.find((h) => h.orderId === id)?.token ?? ''
      return [a, b].map((base) =>
        call(base, token, 'PATCH', `/api/purchase/${id}`, { transactionId: pi }),
      )
    }),
    ...newcomers.map((token, i) => purchase(i % 2 === 0 ? b : a, token, tool.id, 1)),
  ])

  const end = await stockAndLive(tool.id)
  expect(end.stock).toBeGreaterThanOrEqual(0)
  expect(end.stock + end.live).toBe(STOCK)
  // Every late payment for an order its buyer cancelled is refunded, once, never reinstated
  // (a person's cancellation is final).
  for (const { id } of cancelledIds) {
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'refunded_cancelled' })
    expect(row?.refundId).toMatch(/^re_sandbox_/)
  }
}, 60_000)

test('two processes sweeping the same expired orders cancel each once and return its stock once', async () => {
  const STOCK = 200
  const tool = await insertTool(database.db, { quantity: STOCK, minimum: 1 })
  // 100 unpaid orders of 2 that have waited 49 hours (their stock taken, as ordering does).
  // The stock goes first: the servers sweep on their own timer, and a sweep between the
  // inserts and taking the stock would return stock that was never taken.
  await database.db.update(tools).set({ quantity: 0 }).where(eq(tools.id, tool.id))
  const linesBefore = servers.map((s) => s.output().length)
  const placed = new Date(Date.now() - 49 * 3_600_000)
  await insertOneLineOrders(
    database.db,
    tool,
    Array.from({ length: 100 }, (_, i) => ({
      quantity: 2,
      customerEmail: `late.${i}@example.com`,
      customerName: `Late ${i}`,
      createdAt: placed,
    })),
  )

  await pollUntil(async () => {
    const [left] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders where tool_id = ${tool.id} and status = 'unpaid'`,
    )
    return left?.n === 0
  }, 20_000)

  expect(await stockAndLive(tool.id)).toEqual({ stock: STOCK, live: 0 })
  const [reasons] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from orders where tool_id = ${tool.id} and cancel_reason = 'expired'`,
  )
  expect(reasons?.n).toBe(100)
  // What the two processes report sweeping adds up to the 100 orders: none was done twice.
  // A process logs after its sweep committed, so its line may come a moment after the rows.
  const swept = () =>
    servers
      .map((s, i) => s.output().slice(linesBefore[i]))
      .flatMap((out) => out.split('\n'))
      .filter((line) => line.includes('unpaid orders expired'))
      .map((line) => (JSON.parse(line) as { count: number }).count)
      .reduce((sum, n) => sum + n, 0)
  await pollUntil(async () => swept() >= 100, 10_000).catch(() => undefined)
  expect(swept()).toBe(100)
}, 60_000)
