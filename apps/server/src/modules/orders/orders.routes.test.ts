import {
  ErrorBodySchema,
  OrderListSchema,
  OrderSchema,
  PurchaseResponseSchema,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'
import { orders, tools } from '../../db/schema/index.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

const orderBody = (toolsId: string, purchaseQuantity: number) => ({
  toolsId,
  purchaseQuantity,
  phone: '+880 1711 000000',
  address: 'House 12, Road 3, Gazipur',
})

async function stockOf(id: string) {
  const [row] = await database.current.db
    .select({ q: tools.quantity })
    .from(tools)
    .where(eq(tools.id, id))
  return row?.q
}

const order = (app: App, user: TestUser, body: object) =>
  app.inject({ method: 'POST', url: '/api/purchase', headers: bearer(user), payload: body })

async function markPaid(id: string) {
  await database.current.db
    .update(orders)
    .set({ status: 'paid', paid: true, transactionId: `pi_test_${id.slice(0, 8)}` })
    .where(eq(orders.id, id))
}

describe('POST /api/purchase', () => {
  test('3 × 19.99 is exactly 59.97, the order keeps a snapshot, and stock drops', async () => {
    const app = testApp.current
    const user = await createUser(app, { name: 'Salma Begum' })
    const tool = await insertTool(database.current.db, {
      name: 'Spring clamp',
      priceCents: 1999,
      quantity: 10,
    })

    const res = await order(app, user, orderBody(tool.id, 3))

    expect(res.statusCode).toBe(201)
    const { order: created, insertedId } = PurchaseResponseSchema.parse(res.json())
    expect(created).toMatchObject({
      _id: insertedId,
      toolsId: tool.id,
      tools: 'Spring clamp',
      purchaseQuantity: 3,
      price: 19.99,
      totalMoney: 59.97,
      customer: user.email,
      customerName: 'Salma Begum',
      paid: false,
      transactionId: null,
      status: 'unpaid',
    })
    expect(await stockOf(tool.id)).toBe(7)
  })

  test('a body that lies about price, total, customer or name changes nothing of the order', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(database.current.db, { priceCents: 5000 })
    const res = await order(app, user, {
      ...orderBody(tool.id, 2),
      price: 0.01,
      totalMoney: 0.02,
      customer: 'someone.else@example.com',
      customerName: 'Someone Else',
      tools: 'Free hammer',
      paid: true,
    })
    expect(res.statusCode).toBe(201)
    expect(PurchaseResponseSchema.parse(res.json()).order).toMatchObject({
      price: 50,
      totalMoney: 100,
      customer: user.email,
      tools: tool.name,
      paid: false,
    })
  })

  test('too little stock is a 409 and changes nothing', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(database.current.db, { quantity: 2 })
    const res = await order(app, user, orderBody(tool.id, 3))
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 2 left in stock. Please order fewer.',
    })
    expect(await stockOf(tool.id)).toBe(2)
    expect(await database.current.db.select().from(orders)).toHaveLength(0)
  })

  test('below the minimum order quantity is refused with the field message', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(database.current.db, { quantity: 500, minimum: 20 })
    const res = await order(app, user, orderBody(tool.id, 5))
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error.fields?.purchaseQuantity).toBe(
      'Please enter valid quantity (the minimum order is 20).',
    )
    expect(await stockOf(tool.id)).toBe(500)
  })

  test.for([0, -1, 1.5, '3', null])(
    'a quantity of %o is a 400 with the spec message',
    async (quantity) => {
      const app = testApp.current
      const user = await createUser(app)
      const tool = await insertTool(database.current.db)
      const res = await order(app, user, { ...orderBody(tool.id, 1), purchaseQuantity: quantity })
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).error.fields?.purchaseQuantity).toBe(
        'Please enter valid quantity',
      )
    },
  )

  test('an unknown, malformed or deleted tool is a 404; nobody signed in is a 401', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const gone = await insertTool(database.current.db, { deletedAt: new Date() })
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', gone.id]) {
      expect((await order(app, user, orderBody(id, 1))).statusCode).toBe(404)
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      payload: orderBody(gone.id, 1),
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('reading orders', () => {
  test('a customer reads only their own orders; an admin reads anyone’s and all of them', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const a = await createUser(app)
    const b = await createUser(app)
    const admin = await createUser(app, { email: adminEmail })
    const tool = await insertTool(database.current.db)
    const mine = PurchaseResponseSchema.parse(
      (await order(app, a, orderBody(tool.id, 1))).json(),
    ).order
    await order(app, b, orderBody(tool.id, 2))

    const list = await app.inject({
      method: 'GET',
      url: `/api/purchase?customer=${a.email}`,
      headers: bearer(a),
    })
    expect(OrderListSchema.parse(list.json()).map((o) => o._id)).toEqual([mine._id])
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/purchase?customer=${a.email}`,
          headers: bearer(b),
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await app.inject({ method: 'GET', url: `/api/purchase/${mine._id}`, headers: bearer(b) }))
        .statusCode,
    ).toBe(404)
    expect(
      OrderSchema.parse(
        (
          await app.inject({ method: 'GET', url: `/api/purchase/${mine._id}`, headers: bearer(a) })
        ).json(),
      )._id,
    ).toBe(mine._id)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/purchase/${mine._id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/purchase?customer=${a.email}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200)

    expect(
      (await app.inject({ method: 'GET', url: '/api/purchase/admin', headers: bearer(a) }))
        .statusCode,
    ).toBe(403)
    const all = OrderListSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/purchase/admin', headers: bearer(admin) })
      ).json(),
    )
    expect(all).toHaveLength(2)
    const byEmail = OrderListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/purchase/admin?q=${encodeURIComponent(b.email.split('@')[0] ?? '')}`,
          headers: bearer(admin),
        })
      ).json(),
    )
    expect(byEmail.map((o) => o.customer)).toEqual([b.email])
    // Every order has a number of its own, and the search finds it in any spelling.
    const numbers = all.map((o) => o.orderNumber)
    expect(numbers.every((n) => /^TW-\d{5,}$/.test(n))).toBe(true)
    expect(new Set(numbers).size).toBe(2)
    const target = all[1]!
    for (const q of [
      target.orderNumber,
      target.orderNumber.toLowerCase(),
      target.orderNumber.slice(3),
    ]) {
      const found = OrderListSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/purchase/admin?q=${encodeURIComponent(q)}`,
            headers: bearer(admin),
          })
        ).json(),
      )
      expect(found.map((o) => o._id)).toEqual([target._id])
    }
    await markPaid(mine._id)
    const paid = OrderListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/purchase/admin?status=paid',
          headers: bearer(admin),
        })
      ).json(),
    )
    expect(paid.map((o) => o._id)).toEqual([mine._id])
  })
})

describe('DELETE /api/purchase/{id} and shipping', () => {
  test('deleting an unpaid order cancels it and returns its quantity to stock, once', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(database.current.db, { quantity: 10 })
    const created = PurchaseResponseSchema.parse(
      (await order(app, user, orderBody(tool.id, 4))).json(),
    ).order
    expect(await stockOf(tool.id)).toBe(6)

    const first = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${created._id}`,
      headers: bearer(user),
    })
    expect(first.json()).toEqual({ acknowledged: true, deletedCount: 1, outcome: 'cancelled' })
    const second = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${created._id}`,
      headers: bearer(user),
    })
    expect(second.json()).toMatchObject({ deletedCount: 0 })
    expect(await stockOf(tool.id)).toBe(10)
    const list = await app.inject({
      method: 'GET',
      url: `/api/purchase?customer=${user.email}`,
      headers: bearer(user),
    })
    expect(list.json()).toEqual([])
  })

  test('a paid order is never removed: the customer’s delete hides it, admins still see it and cannot delete it', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const user = await createUser(app)
    const other = await createUser(app)
    const admin = await createUser(app, { email: adminEmail })
    const tool = await insertTool(database.current.db, { quantity: 10 })
    const created = PurchaseResponseSchema.parse(
      (await order(app, user, orderBody(tool.id, 4))).json(),
    ).order
    await markPaid(created._id)

    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/purchase/${created._id}`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(404)
    const byAdmin = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${created._id}`,
      headers: bearer(admin),
    })
    expect(byAdmin.statusCode).toBe(409)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${created._id}`,
      headers: bearer(user),
    })
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1, outcome: 'hidden' })
    expect(await stockOf(tool.id)).toBe(6)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/purchase?customer=${user.email}`,
          headers: bearer(user),
        })
      ).json(),
    ).toEqual([])
    const all = OrderListSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/purchase/admin', headers: bearer(admin) })
      ).json(),
    )
    expect(all.map((o) => [o._id, o.status])).toEqual([[created._id, 'paid']])
  })

  test('an admin marks a paid order shipped; an unpaid one cannot ship', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const user = await createUser(app)
    const admin = await createUser(app, { email: adminEmail })
    const tool = await insertTool(database.current.db)
    const created = PurchaseResponseSchema.parse(
      (await order(app, user, orderBody(tool.id, 1))).json(),
    ).order
    const ship = () =>
      app.inject({
        method: 'PATCH',
        url: `/api/purchase/${created._id}/status`,
        headers: bearer(admin),
        payload: { status: 'shipped' },
      })
    expect((await ship()).statusCode).toBe(409)
    await markPaid(created._id)
    const shipped = await ship()
    expect(OrderSchema.parse(shipped.json()).status).toBe('shipped')
    const byCustomer = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${created._id}/status`,
      headers: bearer(user),
      payload: { status: 'shipped' },
    })
    expect(byCustomer.statusCode).toBe(403)
    const mine = OrderListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/purchase?customer=${user.email}`,
          headers: bearer(user),
        })
      ).json(),
    )
    expect(mine[0]?.status).toBe('shipped')
  })
})
