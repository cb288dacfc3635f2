import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { signInCookieAt, verifyThroughOutbox } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { insertFirstOrderPromotion } from '../../../test/orders.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'
import { selectRows } from '../../db/client.js'
import { tools } from '../../db/schema/index.js'

let database: TestDatabase
let servers: RunningServer[] = []
let deadlocksBefore = 0

/** Transactions PostgreSQL chose as deadlock victims in this database (its statistics). */
async function deadlocks(): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
  )
  return row?.n ?? 0
}

beforeAll(async () => {
  database = await createTestDatabase()
  deadlocksBefore = await deadlocks()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'concurrency-test-secret-0123456789-abcdefghij',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    // Each test customer signs up from an address of its own (X-Forwarded-For): the tests need
    // more accounts than one address may create in a minute.
    TRUST_PROXY: 'true',
  }
  // Two server processes on one database must behave as one (docs/operations.md, Scale out).
  servers = await Promise.all([
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-concurrency-a' }),
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-concurrency-b' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

/** `verified`: its e-mail verified through the process's outbox (the discount needs it). */
async function customerToken(base: string, n: number, verified = false): Promise<string> {
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
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`)
  const cookie = await signInCookieAt(base, email, 'concurrency-pass', {
    'x-forwarded-for': `10.13.${Math.floor(n / 250)}.${(n % 250) + 1}`,
  })
  const token = await fetch(`${base}/api/user/${email}`, { method: 'PUT', headers: { cookie } })
  if (verified)
    await verifyThroughOutbox(
      base,
      base === servers[0]?.url ? '/tmp/toolworks-concurrency-a' : '/tmp/toolworks-concurrency-b',
      email,
    )
  return ((await token.json()) as { token: string }).token
}

const dhaka = { phone: '+880 1700 000000', address: 'Dhaka' }

function purchase(
  base: string,
  token: string,
  toolsId: string,
  purchaseQuantity: number,
  to: { phone: string; address: string } = dhaka,
) {
  return fetch(`${base}/api/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ toolsId, purchaseQuantity, ...to }),
  })
}

test('200 concurrent orders through two processes never oversell: the orders add up to the stock exactly', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  // 20 customers with 10 orders each: at most 10 open unpaid orders per customer.
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

type Line = { tool: string; quantity: number }
type Placed = { lines: (Line & { fromStock: number; madeToOrder: number })[]; discount: unknown }

function checkout(base: string, token: string, lines: Line[], to = dhaka) {
  return fetch(`${base}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ lines, ...to }),
  })
}

/** Units taken from each tool's stock by live orders, from their lines. */
async function fromStockByTool(ids: string[]) {
  const rows = await selectRows<{ tool: string; n: number; made: number }>(
    database.db,
    sql`select l.tool_id::text as tool, sum(l.from_stock)::int as n, sum(l.made_to_order)::int as made
        from order_lines l join orders o on o.id = l.order_id
        where o.status <> 'cancelled' and l.tool_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by l.tool_id`,
  )
  return new Map(rows.map((r) => [r.tool, r]))
}

async function stockOf(ids: string[]) {
  const rows = await selectRows<{ id: string; quantity: number }>(
    database.db,
    sql`select id::text as id, quantity from tools where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
  return new Map(rows.map((r) => [r.id, r.quantity]))
}

test('200 concurrent multi-line checkouts over overlapping tools, lines in every order, through two processes: no oversell, made-to-order never below 0, every refusal a 409', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  // 25 customers with 8 checkouts each: under 10 open unpaid orders and 30 a minute.
  const tokens = await Promise.all(
    Array.from({ length: 25 }, (_, n) => customerToken(n % 2 === 0 ? a : b, 200 + n)),
  )
  const STOCK = 80
  const plain = await Promise.all(
    Array.from({ length: 5 }, () => insertTool(database.db, { quantity: STOCK, minimum: 1 })),
  )
  const made = await insertTool(database.db, {
    quantity: 40,
    minimum: 1,
    madeToOrder: true,
    leadTimeDays: 3,
  })
  const all = [...plain, made]
  const ids = all.map((t) => t.id)

  // Each checkout: 2 or 3 distinct tools, picked and ordered differently, 1 to 4 units each
  // (about 500 units asked of 5 × 80 plain ones, so some lines must be refused).
  const carts = Array.from({ length: 200 }, (_, i) => {
    const count = 2 + (i % 2)
    const start = (i * 7) % all.length
    const picked = Array.from(
      { length: count },
      (_, k) => all[(start + k * (1 + (i % 3))) % all.length],
    )
    const unique = [...new Map(picked.map((t) => [t?.id ?? '', t])).values()]
    const lines = unique.map((t, k) => ({ tool: t?.id ?? '', quantity: 1 + ((i + k) % 4) }))
    return i % 2 === 0 ? lines : lines.reverse()
  })
  const results = await Promise.all(
    carts.map(async (lines, i) => {
      const res = await checkout(i % 2 === 0 ? a : b, tokens[i % tokens.length] ?? '', lines)
      const body = (await res.json()) as { order?: Placed }
      return { status: res.status, order: body.order }
    }),
  )

  expect(results.filter((r) => r.status >= 500)).toEqual([])
  const refused = results.filter((r) => r.status !== 201)
  expect(refused.every((r) => r.status === 409)).toBe(true)
  expect(refused.length).toBeGreaterThan(0)

  const stock = await stockOf(ids)
  const taken = await fromStockByTool(ids)
  const answered = new Map<string, number>()
  for (const r of results)
    for (const l of r.order?.lines ?? [])
      answered.set(l.tool, (answered.get(l.tool) ?? 0) + l.fromStock)
  for (const tool of plain) {
    const left = stock.get(tool.id) ?? -1
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left + (taken.get(tool.id)?.n ?? 0)).toBe(STOCK)
    expect(answered.get(tool.id) ?? 0).toBe(taken.get(tool.id)?.n ?? 0)
    expect(taken.get(tool.id)?.made ?? 0).toBe(0)
  }
  // The made-to-order tool is never refused: its stock is used up exactly, the rest is made.
  expect(stock.get(made.id)).toBe(0)
  expect(taken.get(made.id)?.n).toBe(40)
  expect(taken.get(made.id)?.made).toBeGreaterThan(0)
})

test('parallel first orders of one customer through two processes: exactly one gets the discount', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  await insertFirstOrderPromotion(database.db, { percent: 50, capCents: 10_000 })
  const tool = await insertTool(database.db, { quantity: 1_000, minimum: 1 })
  const customers = await Promise.all(
    Array.from({ length: 4 }, (_, n) => customerToken(n % 2 === 0 ? a : b, 300 + n, true)),
  )
  // Each customer fires 8 orders at once, half through each process, half through checkout.
  const results = await Promise.all(
    customers.flatMap((token, c) =>
      Array.from({ length: 8 }, async (_, i) => {
        const base = i % 2 === 0 ? a : b
        // Each customer delivers to a phone and an address of their own.
        const to = { phone: `+880 1811 00000${c}`, address: `House ${c}, Road 1, Dhaka` }
        const res =
          i % 4 < 2
            ? await purchase(base, token, tool.id, 1, to)
            : await checkout(base, token, [{ tool: tool.id, quantity: 1 }], to)
        const body = (await res.json()) as { order?: Placed }
        return { customer: c, status: res.status, discounted: body.order?.discount != null }
      }),
    ),
  )
  expect(results.every((r) => r.status === 201)).toBe(true)
  for (let c = 0; c < customers.length; c++)
    expect(results.filter((r) => r.customer === c && r.discounted)).toHaveLength(1)
  const [rows] = await selectRows<{ n: number; customers: number }>(
    database.db,
    sql`select count(*)::int as n, count(distinct customer_id)::int as customers
        from orders where tool_id = ${tool.id} and first_order_discount`,
  )
  expect(rows).toEqual({ n: 4, customers: 4 })
})

// Last: it stops the servers, so their connections close and report their statistics.
test('no transaction of either process was ever a deadlock victim', async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await selectRows(database.db, sql`select pg_stat_clear_snapshot()`)
  expect(await deadlocks()).toBe(deadlocksBefore)
  // Nor did any shared order transaction fail and fall back to one order at a time.
  for (const server of servers) expect(server.output()).not.toContain('an order batch failed')
})
