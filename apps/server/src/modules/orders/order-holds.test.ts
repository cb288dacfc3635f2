import {
  CreatePaymentIntentResponseSchema,
  ErrorBodySchema,
  messages,
  OPEN_UNPAID_ORDERS_MAX,
  ORDERS_PER_MINUTE_MAX,
  OrderListSchema,
  OrderSchema,
} from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { expire } from '../../../test/orders.js'
import type { App } from '../../app.js'
import { selectRows } from '../../db/client.js'
import { orders, sandboxPaymentIntents, tools } from '../../db/schema/index.js'

/**
 * Cancelling, paying late and holding stock on the sandbox provider: a cancelled order cannot be paid back into
 * life beyond the stock, and unpaid orders hold their stock for ORDER_HOLD_HOURS only.
 */
const database = useTestDatabase()
const p = messages.paymentRules

async function setup(onTestFinished: (fn: () => Promise<void>) => void) {
  const app = await buildTestApp(database.current, onTestFinished)
  const admin = await createUser(app, { verified: true })
  await database.current.db.execute(
    sql`update "user" set role = 'admin' where email = ${admin.email}`,
  )
  return { app, admin }
}

const order = (app: App, user: TestUser, toolsId: string, purchaseQuantity: number) =>
  app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(user),
    payload: { toolsId, purchaseQuantity, phone: '+880 1700 000000', address: 'Dhaka' },
  })

async function placeOrder(app: App, user: TestUser, toolsId: string, quantity: number) {
  const res = await order(app, user, toolsId, quantity)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ insertedId: string }>().insertedId
}

async function openPaymentPage(app: App, user: TestUser, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(user),
    payload: { orderId },
  })
  expect(res.statusCode, res.body).toBe(200)
  return CreatePaymentIntentResponseSchema.parse(res.json())
}

const confirm = (app: App, clientSecret: string) =>
  app.inject({
    method: 'POST',
    url: '/api/sandbox/payment_intents/confirm',
    payload: {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    },
  })

const markPaid = (app: App, user: TestUser, orderId: string, transactionId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/purchase/${orderId}`,
    headers: bearer(user),
    payload: { transactionId },
  })

const cancel = (app: App, user: TestUser, orderId: string) =>
  app.inject({ method: 'DELETE', url: `/api/purchase/${orderId}`, headers: bearer(user) })

async function stockAndLive(toolId: string) {
  const [tool] = await database.current.db
    .select({ q: tools.quantity })
    .from(tools)
    .where(eq(tools.id, toolId))
  const [live] = await selectRows<{ n: number }>(
    database.current.db,
    sql`select coalesce(sum(quantity), 0)::int as n from orders
        where tool_id = ${toolId} and status <> 'cancelled'`,
  )
  return { stock: tool?.q ?? -1, live: live?.n ?? -1 }
}

const intentStatus = async (id: string) =>
  (
    await database.current.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id))
  )[0]

const orderRow = async (id: string) =>
  (await database.current.db.select().from(orders).where(eq(orders.id, id)))[0]

/** Moves an order's placing time back, as if it had been waiting that long (its hold too). */
const ageOrder = (id: string, hours: number) =>
  database.current.db.execute(
    sql`update orders set created_at = now() - make_interval(secs => ${hours * 3600}),
        hold_until = now() - make_interval(secs => ${hours * 3600}) + (hold_until - created_at)
        where id = ${id}`,
  )

describe('a cancelled order cannot be paid back into life', () => {
  test('order all 3, open the payment page, cancel, another customer orders all 3: the old intent is void and 3 units are live, not 6', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const first = await createUser(app, { verified: true })
    const second = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 3, minimum: 1 })

    const firstOrder = await placeOrder(app, first, tool.id, 3)
    const intent = await openPaymentPage(app, first, firstOrder)
    expect((await cancel(app, first, firstOrder)).json()).toMatchObject({ outcome: 'cancelled' })
    expect(await stockAndLive(tool.id)).toEqual({ stock: 3, live: 0 })
    // The cancellation voided the intent at the provider.
    expect((await intentStatus(intent.paymentIntentId))?.status).toBe('canceled')

    await placeOrder(app, second, tool.id, 3)

    const paid = await confirm(app, intent.clientSecret)
    expect(paid.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(paid.json()).error.message).toBe(p.intentCancelled)
    const patched = await markPaid(app, first, firstOrder, intent.paymentIntentId)
    expect(patched.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(patched.json()).error.message).toBe(p.intentCancelled)

    expect(await stockAndLive(tool.id)).toEqual({ stock: 0, live: 3 })
    expect((await orderRow(firstOrder))?.status).toBe('cancelled')
  })

  test('money that still arrives for a cancelled, sold-out order is refunded, listed for the admin and never oversold', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await setup(onTestFinished)
    const first = await createUser(app, { verified: true })
    const second = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 3, minimum: 1 })
    const firstOrder = await placeOrder(app, first, tool.id, 3)
    const intent = await openPaymentPage(app, first, firstOrder)
    await expire(app, database.current.db, firstOrder)
    await placeOrder(app, second, tool.id, 3)
    // The card went through at the provider just before the void reached it (a race).
    await database.current.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))

    const patched = await markPaid(app, first, firstOrder, intent.paymentIntentId)
    expect(patched.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(patched.json()).error.message).toBe(p.refundedOutOfStock)
    // Asked again (the webhook and the browser both report it): refunded once, still cancelled.
    expect((await markPaid(app, first, firstOrder, intent.paymentIntentId)).statusCode).toBe(409)

    expect(await stockAndLive(tool.id)).toEqual({ stock: 0, live: 3 })
    const row = await orderRow(firstOrder)
    expect(row).toMatchObject({ status: 'cancelled', paid: false })
    expect(row?.cancelReason).toBe('refunded_out_of_stock')
    expect(row?.refundId).toBe(`re_sandbox_${intent.paymentIntentId}`)
    expect((await intentStatus(intent.paymentIntentId))?.refundId).toBe(row?.refundId)

    const listed = await app.inject({
      method: 'GET',
      url: '/api/purchase/admin?status=cancelled',
      headers: bearer(admin),
    })
    const refunded = OrderListSchema.parse(listed.json()).find((o) => o._id === firstOrder)
    expect(refunded?.cancelReason).toBe('refunded_out_of_stock')
    expect(messages.ordering.cancelReasons.refunded_out_of_stock).toBe('refunded: out of stock')
  })

  test('money that arrives for a cancelled order whose stock is still there reinstates it, taking the stock again', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const first = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 5, minimum: 1 })
    const firstOrder = await placeOrder(app, first, tool.id, 3)
    const intent = await openPaymentPage(app, first, firstOrder)
    await expire(app, database.current.db, firstOrder)
    await database.current.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))

    const patched = await markPaid(app, first, firstOrder, intent.paymentIntentId)
    expect(patched.statusCode, patched.body).toBe(200)
    expect(OrderSchema.parse(patched.json())).toMatchObject({
      status: 'paid',
      paid: true,
      cancelReason: null,
      payBy: null,
    })
    expect(await stockAndLive(tool.id)).toEqual({ stock: 2, live: 3 })
  })
})

describe('unpaid orders hold their stock for ORDER_HOLD_HOURS', () => {
  test('an unpaid order answers its pay-by time: placed + 48 hours; a paid one answers null', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const customer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 10, minimum: 1 })
    const res = await order(app, customer, tool.id, 2)
    const placed = OrderSchema.parse(res.json<{ order: unknown }>().order)
    expect(Date.parse(placed.payBy ?? '') - Date.parse(placed.createdAt)).toBe(48 * 3_600_000)
    const mine = await app.inject({
      method: 'GET',
      url: `/api/purchase?customer=${customer.email}`,
      headers: bearer(customer),
    })
    expect(OrderListSchema.parse(mine.json())[0]?.payBy).toBe(placed.payBy)
  })

  test('the sweeper cancels an order past its hold, returns its stock once and voids its intent', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const customer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 10, minimum: 1 })
    const old = await placeOrder(app, customer, tool.id, 4)
    const intent = await openPaymentPage(app, customer, old)
    const fresh = await placeOrder(app, customer, tool.id, 1)
    await ageOrder(old, 48.01)
    expect(await stockAndLive(tool.id)).toEqual({ stock: 5, live: 5 })

    await app.services.orderSweeper.sweep()
    await app.services.orderSweeper.sweep()

    expect(await stockAndLive(tool.id)).toEqual({ stock: 9, live: 1 })
    expect(await orderRow(old)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await orderRow(fresh))?.status).toBe('unpaid')
    expect((await intentStatus(intent.paymentIntentId))?.status).toBe('canceled')
    const paid = await confirm(app, intent.clientSecret)
    expect(paid.statusCode).toBe(409)
  })

  test('the sweeper catches up when the server starts', async ({ onTestFinished }) => {
    const { app } = await setup(onTestFinished)
    const customer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 10, minimum: 1 })
    const old = await placeOrder(app, customer, tool.id, 4)
    await ageOrder(old, 49)
    await app.close()

    await buildTestApp(database.current, onTestFinished)
    expect((await orderRow(old))?.status).toBe('cancelled')
    expect((await stockAndLive(tool.id)).stock).toBe(10)
  })

  test('paying an order past its hold is refused, even before the sweeper gets to it', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const customer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 10, minimum: 1 })
    const id = await placeOrder(app, customer, tool.id, 2)
    const intent = await openPaymentPage(app, customer, id)
    await ageOrder(id, 48.5)
    const expired = p.expired

    const confirmed = await confirm(app, intent.clientSecret)
    expect(confirmed.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(confirmed.json()).error.message).toBe(expired)
    const again = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(customer),
      payload: { orderId: id },
    })
    expect(again.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(again.json()).error.message).toBe(expired)
    const patched = await markPaid(app, customer, id, intent.paymentIntentId)
    expect(patched.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(patched.json()).error.message).toBe(expired)
    expect((await orderRow(id))?.paid).toBe(false)
  })

  test(`a customer may hold ${OPEN_UNPAID_ORDERS_MAX} unpaid orders; the next is refused until one is paid or cancelled`, async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const customer = await createUser(app, { verified: true })
    const other = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 100, minimum: 1 })
    const ids: string[] = []
    for (let i = 0; i < OPEN_UNPAID_ORDERS_MAX; i += 1)
      ids.push(await placeOrder(app, customer, tool.id, 1))

    const refused = await order(app, customer, tool.id, 1)
    expect(refused.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(refused.json()).error).toEqual({
      code: 'CONFLICT',
      message: messages.orderRules.tooManyUnpaid(OPEN_UNPAID_ORDERS_MAX),
    })
    expect(messages.orderRules.tooManyUnpaid(10)).toMatch(/pay or cancel/)
    // Another account is not held back, and cancelling one frees a place.
    expect((await order(app, other, tool.id, 1)).statusCode).toBe(201)
    await cancel(app, customer, ids[0] ?? '')
    expect((await order(app, customer, tool.id, 1)).statusCode).toBe(201)
    expect((await stockAndLive(tool.id)).stock).toBe(100 - OPEN_UNPAID_ORDERS_MAX - 1)
  })

  test(`POST /api/purchase is limited to ${ORDERS_PER_MINUTE_MAX} a minute per account, not per address`, async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const customer = await createUser(app, { verified: true })
    const colleague = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 1000, minimum: 1 })
    for (let i = 0; i < ORDERS_PER_MINUTE_MAX; i += 1) {
      const id = await placeOrder(app, customer, tool.id, 1)
      // Cancelled at once, so the open-unpaid limit is not what stops this customer.
      expect((await cancel(app, customer, id)).statusCode).toBe(200)
    }
    const limited = await order(app, customer, tool.id, 1)
    expect(limited.statusCode).toBe(429)
    expect(ErrorBodySchema.parse(limited.json()).error).toEqual({
      code: 'RATE_LIMITED',
      message: messages.orderRules.tooManyOrders,
    })
    // The colleague behind the same address orders on.
    expect((await order(app, colleague, tool.id, 1)).statusCode).toBe(201)
  })
})

describe('a payment on an order a person cancelled is refunded, never reinstated', () => {
  /** The card went through at the provider just before the void reached it (a race). */
  const succeedLate = (paymentIntentId: string) =>
    database.current.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, paymentIntentId))

  test('the buyer cancels, then the money arrives: the order stays cancelled and is refunded once, though its stock is there', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const buyer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 5, minimum: 1 })
    const id = await placeOrder(app, buyer, tool.id, 3)
    const intent = await openPaymentPage(app, buyer, id)
    expect((await cancel(app, buyer, id)).json()).toMatchObject({ outcome: 'cancelled' })
    await succeedLate(intent.paymentIntentId)

    const patched = await markPaid(app, buyer, id, intent.paymentIntentId)
    expect(patched.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(patched.json()).error.message).toBe(p.refundedCancelled)
    // Told again (the webhook and the browser both report it): the same answer, one refund.
    const again = await markPaid(app, buyer, id, intent.paymentIntentId)
    expect(ErrorBodySchema.parse(again.json()).error.message).toBe(p.refundedCancelled)

    expect(await stockAndLive(tool.id)).toEqual({ stock: 5, live: 0 })
    const row = await orderRow(id)
    expect(row).toMatchObject({
      status: 'cancelled',
      paid: false,
      cancelReason: 'refunded_cancelled',
      refundId: `re_sandbox_${intent.paymentIntentId}`,
    })
    expect((await intentStatus(intent.paymentIntentId))?.refundId).toBe(row?.refundId)
    expect(messages.ordering.cancelReasons.refunded_cancelled).toBe(
      'refunded: paid after it was cancelled',
    )
  })

  test('an admin cancels, then the money arrives: refunded, never reinstated', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await setup(onTestFinished)
    const buyer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 5, minimum: 1 })
    const id = await placeOrder(app, buyer, tool.id, 2)
    const intent = await openPaymentPage(app, buyer, id)
    expect((await cancel(app, admin, id)).json()).toMatchObject({ outcome: 'cancelled' })
    expect((await orderRow(id))?.cancelReason).toBe('admin')
    await succeedLate(intent.paymentIntentId)

    const patched = await markPaid(app, buyer, id, intent.paymentIntentId)
    expect(patched.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(patched.json()).error.message).toBe(p.refundedCancelled)
    expect(await orderRow(id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'refunded_cancelled',
      refundId: `re_sandbox_${intent.paymentIntentId}`,
    })
    expect(await stockAndLive(tool.id)).toEqual({ stock: 5, live: 0 })
  })

  test('the sweeper expired it, then the money arrives while the stock is there: reinstated, as before', async ({
    onTestFinished,
  }) => {
    const { app } = await setup(onTestFinished)
    const buyer = await createUser(app, { verified: true })
    const tool = await insertTool(database.current.db, { quantity: 5, minimum: 1 })
    const id = await placeOrder(app, buyer, tool.id, 3)
    const intent = await openPaymentPage(app, buyer, id)
    await ageOrder(id, 48.01)
    await app.services.orderSweeper.sweep()
    expect((await orderRow(id))?.cancelReason).toBe('expired')
    await succeedLate(intent.paymentIntentId)

    const patched = await markPaid(app, buyer, id, intent.paymentIntentId)
    expect(patched.statusCode, patched.body).toBe(200)
    expect(OrderSchema.parse(patched.json())).toMatchObject({ status: 'paid', cancelReason: null })
    expect(await stockAndLive(tool.id)).toEqual({ stock: 2, live: 3 })
  })
})
