import {
  ErrorBodySchema,
  messages,
  ORDERS_PER_MINUTE_MAX,
  PurchaseResponseSchema,
} from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { cancel, checkout, openPaymentPage, purchase, stockOf } from '../../../test/orders.js'
import { orders } from '../../db/schema/index.js'

/**
 * What one account may hold unpaid: a value and a hold time, tighter before its
 * e-mail is verified; a payment that starts keeps its order held; one budget of orders a
 * minute for both ordering routes.
 */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db
const r = messages.orderRules
const MINUTE = 60_000
const HOUR = 60 * MINUTE

const orderOf = (res: { json: () => unknown }) => PurchaseResponseSchema.parse(res.json()).order
const errorOf = (res: { json: () => unknown }) => ErrorBodySchema.parse(res.json()).error

async function ordersOf(email: string) {
  return db().select().from(orders).where(eq(orders.customerEmail, email))
}

/** Moves an order's placing time and its hold's end back by `ms`, as if time had passed. */
const age = (id: string, ms: number) =>
  db().execute(
    sql`update orders set created_at = created_at - make_interval(secs => ${ms / 1000}),
        hold_until = hold_until - make_interval(secs => ${ms / 1000}) where id = ${id}`,
  )

describe('open unpaid value', () => {
  test('an unverified account may hold $1,000 unpaid; more is a 409 that takes nothing, until its e-mail is verified', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(db(), { priceCents: 40_000, quantity: 20 })
    await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: { lines: [{ tool: tool.id, quantity: 1 }] },
    })

    expect((await purchase(app, user, tool.id, 2)).statusCode).toBe(201) // $800
    const refused = await checkout(app, user, [{ tool: tool.id, quantity: 1 }]) // $1,200 in all
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      message: r.unverifiedValueLimit('$1,000.00'),
    })
    expect(r.unverifiedValueLimit('$1,000.00')).toMatch(/verify your e-mail to order more/)
    // Nothing taken: no order, no stock, the cart as it was.
    expect(await ordersOf(user.email)).toHaveLength(1)
    expect(await stockOf(db(), tool.id)).toBe(18)
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })
    expect(cart.json()).toMatchObject({ lines: [{ tool: tool.id, quantity: 1 }] })

    // Exactly up to the limit is fine: $200 more makes $1,000.
    const small = await insertTool(db(), { priceCents: 20_000 })
    expect((await purchase(app, user, small.id, 1)).statusCode).toBe(201)
    expect((await purchase(app, user, small.id, 1)).statusCode).toBe(409)

    // Verified, the account may hold up to $50,000.
    await markVerified(app, user.email)
    expect((await checkout(app, user, [{ tool: tool.id, quantity: 1 }])).statusCode).toBe(201)
  })

  test('a verified account may hold $50,000 unpaid; paying or cancelling frees the room', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 2_000_000, quantity: 10 }) // $20,000

    const first = orderOf(await purchase(app, user, tool.id, 2)) // $40,000
    const refused = await purchase(app, user, tool.id, 1)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(r.unpaidValueLimit('$50,000.00'))
    expect(await stockOf(db(), tool.id)).toBe(8)

    expect((await cancel(app, user, first._id)).statusCode).toBe(200)
    expect((await purchase(app, user, tool.id, 2)).statusCode).toBe(201)
  })

  test('buying all the remaining units of a tool stays allowed, before verification too', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(db(), { priceCents: 15_000, quantity: 6 }) // $900 in all

    expect((await purchase(app, user, tool.id, 6)).statusCode).toBe(201)
    expect(await stockOf(db(), tool.id)).toBe(0)
  })

  test('an order whose hold has run out no longer counts, even before the sweeper cancels it', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(db(), { priceCents: 90_000, quantity: 5 })

    const first = orderOf(await purchase(app, user, tool.id, 1))
    expect((await purchase(app, user, tool.id, 1)).statusCode).toBe(409)
    await age(first._id, 61 * MINUTE)
    expect((await purchase(app, user, tool.id, 1)).statusCode).toBe(201)
  })
})

describe('how long unpaid stock is held', () => {
  test('an unverified account’s order is held 60 minutes, a verified one’s 48 hours; the sweeper keeps to each', async () => {
    const app = testApp.current
    const unverified = await createUser(app)
    const verified = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 1_000, quantity: 10 })

    const short = orderOf(await purchase(app, unverified, tool.id, 2))
    const long = orderOf(await purchase(app, verified, tool.id, 3))
    expect(Date.parse(short.payBy ?? '') - Date.parse(short.createdAt)).toBe(60 * MINUTE)
    expect(Date.parse(long.payBy ?? '') - Date.parse(long.createdAt)).toBe(48 * HOUR)

    // 61 minutes on: the unverified order's stock is back on sale, the verified one still held.
    await age(short._id, 61 * MINUTE)
    await age(long._id, 61 * MINUTE)
    await app.services.orderSweeper.sweep()
    const rows = await db().select().from(orders).where(eq(orders.toolId, tool.id))
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(short._id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect(byId.get(long._id)).toMatchObject({ status: 'unpaid' })
    expect(await stockOf(db(), tool.id)).toBe(7)
  })

  test('the hold times come from UNVERIFIED_HOLD_MINUTES and ORDER_HOLD_HOURS', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      orderHoldHours: 5,
      orderLimits: {
        unverifiedHoldMinutes: 15,
        unverifiedUnpaidCentsMax: 500,
        unpaidCentsMax: 900,
      },
    })
    const unverified = await createUser(app)
    const verified = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 300, quantity: 10 })

    const short = orderOf(await purchase(app, unverified, tool.id, 1))
    expect(Date.parse(short.payBy ?? '') - Date.parse(short.createdAt)).toBe(15 * MINUTE)
    expect((await purchase(app, unverified, tool.id, 1)).statusCode).toBe(409) // $6 > $5
    const long = orderOf(await purchase(app, verified, tool.id, 3))
    expect(Date.parse(long.payBy ?? '') - Date.parse(long.createdAt)).toBe(5 * HOUR)
    expect((await purchase(app, verified, tool.id, 1)).statusCode).toBe(409) // $12 > $9
  })

  test("starting a card payment holds the order 30 more minutes, never past its account's class and never less than it was", async () => {
    const app = testApp.current
    const unverified = await createUser(app)
    const verified = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 1_000, quantity: 10 })

    // 50 of its 60 minutes gone: opening the payment page cannot stretch the unverified hour.
    const short = orderOf(await purchase(app, unverified, tool.id, 1))
    await age(short._id, 50 * MINUTE)
    const [aged] = await db().select().from(orders).where(eq(orders.id, short._id))
    await openPaymentPage(app, unverified, short._id)
    const [capped] = await db().select().from(orders).where(eq(orders.id, short._id))
    expect(capped?.holdUntil).toEqual(aged?.holdUntil)

    // Verified since: the class allows 48 hours, so the payment gets its 30 minutes.
    await markVerified(app, unverified.email)
    const before = Date.now()
    await openPaymentPage(app, unverified, short._id)
    const [row] = await db().select().from(orders).where(eq(orders.id, short._id))
    expect(row?.holdUntil?.getTime()).toBeGreaterThanOrEqual(before + 30 * MINUTE)
    expect(row?.holdUntil?.getTime()).toBeLessThanOrEqual(Date.now() + 30 * MINUTE)
    // 20 minutes later the sweeper leaves it alone: it is being paid.
    await age(short._id, 20 * MINUTE)
    await app.services.orderSweeper.sweep()
    const [kept] = await db().select().from(orders).where(eq(orders.id, short._id))
    expect(kept?.status).toBe('unpaid')

    // A 48-hour hold is not shortened by a payment.
    const long = orderOf(await purchase(app, verified, tool.id, 1))
    await openPaymentPage(app, verified, long._id)
    const [still] = await db().select().from(orders).where(eq(orders.id, long._id))
    expect(still?.holdUntil?.toISOString()).toBe(long.payBy)
  })
})

test('POST /api/purchase and POST /api/checkout spend one budget of orders a minute per account', async () => {
  const app = testApp.current
  const user = await createUser(app, { verified: true })
  const tool = await insertTool(db(), { priceCents: 100, quantity: 1_000 })

  // Half the budget on each route (most are refused by the 10 unpaid orders: they count too).
  for (let i = 0; i < ORDERS_PER_MINUTE_MAX; i += 1) {
    const res =
      i % 2 === 0
        ? await purchase(app, user, tool.id, 1)
        : await checkout(app, user, [{ tool: tool.id, quantity: 1 }])
    expect(res.statusCode).not.toBe(429)
  }
  for (const res of [
    await purchase(app, user, tool.id, 1),
    await checkout(app, user, [{ tool: tool.id, quantity: 1 }]),
  ]) {
    expect(res.statusCode).toBe(429)
    expect(errorOf(res)).toMatchObject({ code: 'RATE_LIMITED', message: r.tooManyOrders })
  }
  // Another account has its own budget.
  const other = await createUser(app, { verified: true })
  expect((await purchase(app, other, tool.id, 1)).statusCode).toBe(201)
})
