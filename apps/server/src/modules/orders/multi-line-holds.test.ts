import { ErrorBodySchema, messages, PurchaseResponseSchema } from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { checkout, expire, openPaymentPage, stockOf } from '../../../test/orders.js'
import { orders, sandboxPaymentIntents, tools } from '../../db/schema/index.js'

/**
 * Multi-line orders on top of the unpaid holds: a multi-line order's stock comes back, or is taken
 * again, line by line, only the part that came from stock, and all lines or none.
 */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db

test('the sweeper returns every line of an expired multi-line order, only what came from stock', async () => {
  const app = testApp.current
  const user = await createUser(app, { verified: true })
  const plain = await insertTool(db(), { quantity: 10 })
  const made = await insertTool(db(), { quantity: 2, madeToOrder: true, leadTimeDays: 4 })
  const res = await checkout(app, user, [
    { tool: made.id, quantity: 5 },
    { tool: plain.id, quantity: 3 },
  ])
  expect(res.statusCode, res.body).toBe(201)
  const { insertedId } = PurchaseResponseSchema.parse(res.json())
  expect([await stockOf(db(), plain.id), await stockOf(db(), made.id)]).toEqual([7, 0])

  await db().execute(
    sql`update orders set created_at = now() - interval '49 hours',
        hold_until = now() - interval '49 hours' + (hold_until - created_at) where id = ${insertedId}`,
  )
  await app.services.orderSweeper.sweep()
  await app.services.orderSweeper.sweep()

  const [row] = await db().select().from(orders).where(eq(orders.id, insertedId))
  expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
  // 3 back to the plain tool; 2 (not 5) back to the made-to-order one.
  expect([await stockOf(db(), plain.id), await stockOf(db(), made.id)]).toEqual([10, 2])
})

test('a late payment for a cancelled two-line order whose second tool sold out is refunded; the first tool’s stock is not taken', async () => {
  const app = testApp.current
  const user = await createUser(app, { verified: true })
  const other = await createUser(app, { verified: true })
  const a = await insertTool(db(), { quantity: 10 })
  const b = await insertTool(db(), { quantity: 3 })
  const res = await checkout(app, user, [
    { tool: a.id, quantity: 2 },
    { tool: b.id, quantity: 3 },
  ])
  const { insertedId } = PurchaseResponseSchema.parse(res.json())
  const intent = await openPaymentPage(app, user, insertedId)
  await expire(app, db(), insertedId)
  // Someone else buys all of b meanwhile.
  expect((await checkout(app, other, [{ tool: b.id, quantity: 3 }])).statusCode).toBe(201)
  await db()
    .update(sandboxPaymentIntents)
    .set({ status: 'succeeded' })
    .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))

  const paid = await app.inject({
    method: 'PATCH',
    url: `/api/purchase/${insertedId}`,
    headers: bearer(user),
    payload: { transactionId: intent.paymentIntentId },
  })
  expect(paid.statusCode).toBe(409)
  expect(ErrorBodySchema.parse(paid.json()).error.message).toBe(
    messages.paymentRules.refundedOutOfStock,
  )
  expect([await stockOf(db(), a.id), await stockOf(db(), b.id)]).toEqual([10, 0])
  const [row] = await db().select().from(orders).where(eq(orders.id, insertedId))
  expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'refunded_out_of_stock' })
})

test('a late payment for a cancelled two-line order whose stock is all there reinstates it, taking every line again', async () => {
  const app = testApp.current
  const user = await createUser(app, { verified: true })
  const a = await insertTool(db(), { quantity: 10 })
  const made = await insertTool(db(), { quantity: 1, madeToOrder: true, leadTimeDays: 2 })
  const res = await checkout(app, user, [
    { tool: a.id, quantity: 2 },
    { tool: made.id, quantity: 4 },
  ])
  const { insertedId } = PurchaseResponseSchema.parse(res.json())
  const intent = await openPaymentPage(app, user, insertedId)
  await expire(app, db(), insertedId)
  expect([await stockOf(db(), a.id), await stockOf(db(), made.id)]).toEqual([10, 1])
  await db()
    .update(sandboxPaymentIntents)
    .set({ status: 'succeeded' })
    .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))

  const paid = await app.inject({
    method: 'PATCH',
    url: `/api/purchase/${insertedId}`,
    headers: bearer(user),
    payload: { transactionId: intent.paymentIntentId },
  })
  expect(paid.statusCode, paid.body).toBe(200)
  expect(PurchaseResponseSchema.shape.order.parse(paid.json())).toMatchObject({
    status: 'paid',
    lines: [
      expect.objectContaining({ quantity: 2, fromStock: 2 }),
      expect.objectContaining({ quantity: 4, fromStock: 1, madeToOrder: 3 }),
    ],
  })
  const left = await db().select({ q: tools.quantity }).from(tools)
  expect(left.map((r) => r.q).sort((x, y) => x - y)).toEqual([0, 8])
})
