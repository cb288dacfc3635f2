import { PurchaseResponseSchema, ReorderResponseSchema } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { cancel, checkout } from '../../../test/orders.js'
import type { App } from '../../app.js'
import { cartLines, tools } from '../../db/schema/index.js'

/** POST /api/purchase/{id}/reorder: order again, at today's prices. */
const ADMIN = uniqueEmail('admin')
const database = useTestDatabase()
const testApp = useTestApp(database, { adminEmails: [ADMIN] })
const db = () => database.current.db

const reorder = (app: App, user: TestUser | undefined, id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/reorder`,
    ...(user && { headers: bearer(user) }),
  })

async function pastOrder(app: App, user: TestUser) {
  const [clamp, bolts, saw] = await Promise.all([
    insertTool(db(), { name: 'Spring clamp', priceCents: 1999, quantity: 10 }),
    insertTool(db(), {
      name: 'M8 bolt',
      priceCents: 50,
      quantity: 1000,
      packSize: 50,
      minimum: 50,
      priceBreaks: [{ minQuantity: 100, priceCents: 40 }],
    }),
    insertTool(db(), { name: 'Hacksaw', priceCents: 1500, quantity: 5 }),
  ])
  const res = await checkout(app, user, [
    { tool: clamp.id, quantity: 2 },
    { tool: bolts.id, quantity: 100 },
    { tool: saw.id, quantity: 1 },
  ])
  expect(res.statusCode, res.body).toBe(201)
  return { clamp, bolts, saw, orderId: PurchaseResponseSchema.parse(res.json()).insertedId }
}

describe('POST /api/purchase/{id}/reorder', () => {
  test('puts the order’s tools in the cart at today’s prices and names the prices that changed', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const { clamp, bolts, saw, orderId } = await pastOrder(app, user)
    // Since then: the clamp costs more, the hacksaw left the shop, the bolts' break is unchanged.
    await db().update(tools).set({ priceCents: 2499 }).where(eq(tools.id, clamp.id))
    await db().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, saw.id))
    // The clamp is already in the cart: the order's quantity is added to it.
    await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: { lines: [{ tool: clamp.id, quantity: 1 }] },
    })

    const res = await reorder(app, user, orderId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(ReorderResponseSchema.parse(res.json())).toEqual({
      cart: {
        lines: [
          { tool: clamp.id, quantity: 3 },
          { tool: bolts.id, quantity: 100 },
        ],
      },
      currency: 'USD',
      changed: [{ tool: clamp.id, name: 'Spring clamp', was: 19.99, now: 24.99 }],
    })
  })

  test('a cancelled order can be ordered again; a quantity below today’s minimum is rounded up', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const { bolts, clamp, orderId } = await pastOrder(app, user)
    expect((await cancel(app, user, orderId)).statusCode).toBe(200)
    await db().update(tools).set({ minimum: 150 }).where(eq(tools.id, bolts.id))

    const res = await reorder(app, user, orderId)
    expect(res.statusCode, res.body).toBe(200)
    const body = ReorderResponseSchema.parse(res.json())
    expect(body.cart.lines).toEqual(
      expect.arrayContaining([
        { tool: clamp.id, quantity: 2 },
        { tool: bolts.id, quantity: 150 },
      ]),
    )
    expect(body.changed).toEqual([])
  })

  test('only the buyer: 404 to another customer and to an admin, 401 to nobody, 404 for no order', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const other = await createUser(app)
    const admin = await createUser(app, { email: ADMIN })
    const { orderId } = await pastOrder(app, user)

    expect((await reorder(app, other, orderId)).statusCode).toBe(404)
    expect((await reorder(app, admin, orderId)).statusCode).toBe(404)
    expect((await reorder(app, undefined, orderId)).statusCode).toBe(401)
    expect((await reorder(app, user, 'not-an-id')).statusCode).toBe(404)
    expect((await reorder(app, user, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect(await db().select().from(cartLines)).toHaveLength(0)
  })
})
