import { ErrorBodySchema } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { openDatabase, selectRows, type DbOrTx } from '../src/db/client.js'
import type { App } from '../src/app.js'
import { bearer, signInCookie, signInCookieAt, uniqueEmail } from './accounts.js'
import { buildTestApp, TEST_ORIGIN } from './app.js'
import { createTestDatabase } from './database.js'
import { insertTool } from './factories.js'
import { startServer } from './server-process.js'
import { startTcpProxy } from './tcp-proxy.js'

/**
 * Crashes and restarts on PostgreSQL: a server killed with SIGKILL in the middle
 * of a burst of orders and payments, and PostgreSQL going away during a burst. Every order
 * a client saw accepted is there exactly once, the stock adds up, nothing is half-written.
 */

const PHONE = '+880 1700 000000'

async function customerToken(base: string, n: number): Promise<string> {
  const email = `crash.${Date.now().toString(36)}.${n}@example.com`
  const signUpRes = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    // An address per customer (TRUST_PROXY): more accounts than one address may create.
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-forwarded-for': `10.9.0.${n}`,
    },
    body: JSON.stringify({ name: `Crash ${n}`, email, password: 'crash-test-pass' }),
  })
  if (signUpRes.status !== 200) throw new Error(`sign-up failed: ${signUpRes.status}`)
  const cookie = await signInCookieAt(base, email, 'crash-test-pass', {
    'x-forwarded-for': `10.9.0.${n}`,
  })
  const res = await fetch(`${base}/api/user/${email}`, {
    method: 'PUT',
    headers: { cookie, origin: TEST_ORIGIN },
  })
  return ((await res.json()) as { token: string }).token
}

/**
 * A customer signed up in-process from an address of its own: each account may hold 10
 * unpaid orders and place 30 a minute, so a burst needs many accounts.
 */
async function customerOf(app: App, n: number) {
  const email = uniqueEmail('burst')
  const signUpRes = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: `10.8.0.${n}`,
    headers: { origin: TEST_ORIGIN },
    payload: { name: `Burst ${n}`, email, password: 'burst-test-pass' },
  })
  if (signUpRes.statusCode !== 200) throw new Error(`sign-up failed: ${signUpRes.statusCode}`)
  const cookie = await signInCookie(app, email, 'burst-test-pass', `10.8.0.${n}`)
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { email },
  })
  return { token: res.json<{ token: string }>().token }
}

async function call(base: string, token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** The invariants that must hold whatever happened: stock and orders add up, no half-paid order. */
async function checkInvariants(db: DbOrTx, toolId: string, initialStock: number) {
  const [stock] = await selectRows<{ quantity: number }>(
    db,
    sql`select quantity from tools where id = ${toolId}`,
  )
  const [live] = await selectRows<{ n: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as n from orders where tool_id = ${toolId} and status <> 'cancelled'`,
  )
  expect((stock?.quantity ?? -1) + (live?.n ?? 0)).toBe(initialStock)
  expect(stock?.quantity).toBeGreaterThanOrEqual(0)
  const halfPaid = await selectRows<{ id: string }>(
    db,
    sql`select id from orders where (status in ('paid', 'shipped')) <> (transaction_id is not null)`,
  )
  expect(halfPaid).toEqual([])
}

async function ordersById(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { n: number; status: string }>()
  const rows = await selectRows<{ id: string; n: number; status: string }>(
    db,
    sql`select id::text as id, count(*) over (partition by id)::int as n, status from orders
        where id::text in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
  return new Map(rows.map((r) => [r.id, { n: r.n, status: r.status }]))
}

test(
  'SIGKILL in the middle of a burst of orders and payments: after a restart every accepted order is there once and the stock adds up',
  { timeout: 90_000 },
  async ({ onTestFinished }) => {
    const database = await createTestDatabase()
    onTestFinished(() => database.close())
    const env = {
      DATABASE_URL: database.url ?? '',
      AUTH_SECRET: 'crash-test-secret-0123456789-abcdefghijklmnop',
      PUBLIC_URL: TEST_ORIGIN,
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/toolworks-crash-pg',
      TRUST_PROXY: 'true',
    }
    const first = await startServer(env)
    onTestFinished(async () => void (await first.kill('SIGKILL')))
    const INITIAL = 2_000
    const tool = await insertTool(database.db, { quantity: INITIAL, minimum: 1, priceCents: 1250 })
    // One customer per worker, each well under 10 unpaid orders and 30 a minute.
    const tokens = await Promise.all(
      Array.from({ length: 12 }, (_, n) => customerToken(first.url, n + 1)),
    )

    const accepted: { id: string; qty: number }[] = []
    const paidSeen: string[] = []
    let attempts = 0
    let killed = false

    // Each worker orders, and every third order is paid by card (the sandbox's confirm is
    // limited to 30 a minute per address, so the payments stay under that).
    async function worker(w: number) {
      for (let i = 0; !killed; i++) {
        const token = tokens[(w + i) % tokens.length] ?? ''
        const qty = (i % 3) + 1
        attempts += 1
        try {
          const order = await call(first.url, token, 'POST', '/api/purchase', {
            toolsId: tool.id,
            purchaseQuantity: qty,
            phone: PHONE,
            address: 'Dhaka',
          })
          if (order.status !== 201) continue
          const id = order.body.insertedId as string
          accepted.push({ id, qty })
          if (i % 3 !== 0 || paidSeen.length >= 20) continue
          const intent = await call(first.url, token, 'POST', '/api/create-payment-intent', {
            orderId: id,
          })
          const confirm = await fetch(`${first.url}/api/sandbox/payment_intents/confirm`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              clientSecret: intent.body.clientSecret,
              card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
            }),
          })
          if (confirm.status !== 200) continue
          const paid = await call(first.url, token, 'PATCH', `/api/purchase/${id}`, {
            transactionId: intent.body.paymentIntentId,
          })
          if (paid.status === 200) paidSeen.push(id)
        } catch {
          // The process is gone: this request was never seen accepted.
        }
      }
    }

    const workers = Array.from({ length: 12 }, (_, w) => worker(w))
    // Kill once the burst is well under way, while requests are in flight.
    while (accepted.length < 60 || paidSeen.length < 5) await new Promise((r) => setTimeout(r, 5))
    const killedAt = accepted.length
    const exit = first.kill('SIGKILL')
    killed = true
    expect(await exit).toBeNull()
    await Promise.all(workers)

    const second = await startServer(env)
    onTestFinished(() => second.stop())
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200)

    const found = await ordersById(
      database.db,
      accepted.map((a) => a.id),
    )
    const missing = accepted.filter((a) => !found.has(a.id))
    expect(missing).toEqual([])
    expect([...found.values()].every((o) => o.n === 1)).toBe(true)
    for (const id of paidSeen) expect(found.get(id)?.status).toBe('paid')
    const [total] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders where tool_id = ${tool.id}`,
    )
    // Orders the client never heard back about may exist; none beyond what was asked.
    expect(total?.n).toBeGreaterThanOrEqual(accepted.length)
    expect(total?.n).toBeLessThanOrEqual(attempts)
    await checkInvariants(database.db, tool.id, INITIAL)

    // The restarted server carries on: an unpaid order of the burst can still be paid.
    const unpaid = accepted.find((a) => !paidSeen.includes(a.id))
    const token = tokens[0] ?? ''
    const owner = await Promise.all(
      tokens.map((t) => call(second.url, t, 'GET', `/api/purchase/${unpaid?.id}`)),
    )
    expect(owner.some((o) => o.status === 200)).toBe(true)
    const next = await call(second.url, token, 'POST', '/api/purchase', {
      toolsId: tool.id,
      purchaseQuantity: 1,
      phone: PHONE,
      address: 'Dhaka',
    })
    expect(next.status).toBe(201)
    await checkInvariants(database.db, tool.id, INITIAL)
    process.stdout.write(
      `crash: killed after ${killedAt} accepted orders; checked ${accepted.length} orders, ${paidSeen.length} paid, ${total?.n} in the database, ${attempts} attempts\n`,
    )
  },
)

test(
  'PostgreSQL going away during a burst: the gap gets 503 UNAVAILABLE, the server reconnects by itself, nothing is lost or doubled',
  { timeout: 60_000 },
  async ({ onTestFinished }) => {
    const target = await createTestDatabase()
    onTestFinished(() => target.close())
    const url = new URL(target.url ?? '')
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    onTestFinished(() => proxy.close())
    url.port = String(proxy.port)
    const database = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 10 })
    // Bounded: drizzle's node-postgres transaction() sends BEGIN outside its try/finally, so a
    // client whose connection died at that moment is never released and pool.end() would
    // wait for it forever (the pool replaces it for new work).
    onTestFinished(() =>
      Promise.race([database.close(), new Promise<void>((r) => setTimeout(r, 3_000))]),
    )
    const app = await buildTestApp(database, onTestFinished)
    // Orders rotate over 24 customers: each stays under 10 unpaid orders and 30 a minute.
    const users = await Promise.all(Array.from({ length: 24 }, (_, n) => customerOf(app, n + 1)))
    let turn = 0
    const nextUser = () => users[turn++ % users.length] ?? { token: '' }
    const INITIAL = 1_000
    const tool = await insertTool(target.db, { quantity: INITIAL, minimum: 1 })

    const accepted: string[] = []
    const statuses = new Map<number, number>()
    let attempts = 0
    let stop = false
    async function worker() {
      while (!stop) {
        attempts += 1
        const res = await app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: bearer(nextUser()),
          payload: { toolsId: tool.id, purchaseQuantity: 1, phone: PHONE, address: 'Dhaka' },
        })
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        if (res.statusCode === 201) accepted.push(res.json<{ insertedId: string }>().insertedId)
        else {
          expect(res.statusCode).toBe(503)
          expect(ErrorBodySchema.parse(res.json()).error.code).toBe('UNAVAILABLE')
        }
      }
    }
    const workers = Array.from({ length: 8 }, () => worker())
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
    let cuts = 0
    for (let round = 0; round < 3; round++) {
      const before = accepted.length
      while (accepted.length < before + 20) await wait(5)
      await proxy.cut()
      cuts += 1
      await wait(400)
      await proxy.restore()
    }
    // Back to normal by itself: orders are accepted again after the last restore.
    const afterRestore = accepted.length
    while (accepted.length < afterRestore + 20) await wait(5)
    stop = true
    await Promise.all(workers)
    // More concurrent orders than the pool has connections: no slot was lost for good.
    const after = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: bearer(nextUser()),
          payload: { toolsId: tool.id, purchaseQuantity: 1, phone: PHONE, address: 'Dhaka' },
        }),
      ),
    )
    expect(after.map((r) => r.statusCode)).toEqual(Array.from({ length: 30 }, () => 201))
    accepted.push(...after.map((r) => r.json<{ insertedId: string }>().insertedId))
    attempts += 30

    expect(statuses.get(503)).toBeGreaterThan(0)
    const found = await ordersById(target.db, accepted)
    expect(accepted.filter((id) => !found.has(id))).toEqual([])
    expect([...found.values()].every((o) => o.n === 1)).toBe(true)
    const [total] = await selectRows<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from orders where tool_id = ${tool.id}`,
    )
    expect(total?.n).toBeGreaterThanOrEqual(accepted.length)
    expect(total?.n).toBeLessThanOrEqual(attempts)
    await checkInvariants(target.db, tool.id, INITIAL)
    process.stdout.write(
      `db-gone: ${cuts} cuts, ${attempts} attempts, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${accepted.length} accepted, ${total?.n} in the database\n`,
    )
  },
)
