import { ErrorBodySchema, messages, ToolListSchema, ToolSchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'

const database = useTestDatabase()

async function shop(onTestFinished: (fn: () => Promise<void>) => void) {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await createUser(app, { email: adminEmail })
  const customer = await createUser(app)
  return { app, admin, customer }
}

async function productBody(app: App, admin: TestUser, overrides: object = {}) {
  return {
    name: 'Forged claw hammer',
    quantity: 40,
    price: 24.5,
    minimum: 2,
    description: 'A 16 oz drop-forged hammer with a fibreglass handle.',
    image: await uploadedImageUrl(app, admin),
    ...overrides,
  }
}

function addTool(app: App, who: TestUser | undefined, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/tool',
    headers: who ? bearer(who) : {},
    payload,
  })
}

async function catalogue(app: App) {
  return ToolListSchema.parse((await app.inject({ method: 'GET', url: '/api/tool' })).json())
}

describe('POST /api/tool (Add Product)', () => {
  test('an admin adds a product; it is on sale at once with its price in cents exact', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await shop(onTestFinished)
    const body = await productBody(app, admin)
    const res = await addTool(app, admin, body)
    expect(res.statusCode).toBe(201)
    const { insertedId } = res.json<{ insertedId: string }>()
    const tool = ToolSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/tool/${insertedId}` })).json(),
    )
    // Without the buying-rule fields a product has one price, packs of 1, and no made-to-order.
    expect(tool).toEqual({
      _id: insertedId,
      ...body,
      priceBreaks: [],
      packSize: 1,
      madeToOrder: false,
      leadTimeDays: null,
    })
    expect((await catalogue(app))[0]?._id).toBe(insertedId)
  })

  test('every field is required, each with its own message, and nothing is stored', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await shop(onTestFinished)
    const res = await addTool(app, admin, {})
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error.fields).toEqual({
      name: 'name is required',
      quantity: 'quantity is required',
      price: 'price is required',
      minimum: messages.productRules.minimumRequired,
      description: 'description is required',
      image: 'image is required',
    })
    const blank = await addTool(app, admin, {
      ...(await productBody(app, admin)),
      name: '   ',
      description: '',
    })
    expect(ErrorBodySchema.parse(blank.json()).error.fields).toEqual({
      name: 'name is required',
      description: 'description is required',
    })
    expect(await catalogue(app)).toEqual([])
  })

  test.for([
    ['quantity 0', { quantity: 0 }, 'quantity', messages.productRules.quantityMin],
    ['a fractional quantity', { quantity: 2.5 }, 'quantity', messages.productRules.wholeNumber],
    ['price 0.99', { price: 0.99 }, 'price', messages.productRules.priceMin],
    ['price with three decimals', { price: 10.005 }, 'price', messages.productRules.priceCents],
    ['price as text', { price: '10' }, 'price', 'price is required'],
    ['minimum 0', { minimum: 0 }, 'minimum', messages.productRules.minimumMin],
    [
      'a minimum above the stock',
      { quantity: 5, minimum: 6 },
      'minimum',
      messages.productRules.minimumAboveStock,
    ],
    [
      'an image from elsewhere',
      { image: 'https://example.com/x.png' },
      'image',
      messages.productRules.imageNotOurs,
    ],
    [
      'an image URL of ours that was never uploaded',
      { image: '/media/ffffffffffffffffffffffffffffffff-800.webp' },
      'image',
      messages.productRules.imageNotOurs,
    ],
    ['a name of 121 characters', { name: 'x'.repeat(121) }, 'name', 'name is too long'],
  ] as const)(
    'refuses %s with a message on that field',
    async ([_label, override, field, message], { onTestFinished }) => {
      const { app, admin } = await shop(onTestFinished)
      const res = await addTool(app, admin, await productBody(app, admin, override))
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).error.fields?.[field]).toBe(message)
      expect(await catalogue(app)).toEqual([])
    },
  )

  test('only an admin adds products', async ({ onTestFinished }) => {
    const { app, admin, customer } = await shop(onTestFinished)
    const body = await productBody(app, admin)
    expect((await addTool(app, undefined, body)).statusCode).toBe(401)
    expect((await addTool(app, customer, body)).statusCode).toBe(403)
    expect(await catalogue(app)).toEqual([])
  })
})

describe('PUT /api/tool/{id} (edit)', () => {
  test('an admin changes the picture only to one the shop stores', async ({ onTestFinished }) => {
    const { app, admin } = await shop(onTestFinished)
    const row = await insertTool(database.current.db)
    const edit = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tool/${row.id}`, headers: bearer(admin), payload })
    const foreign = await edit({ image: 'https://evil.example/x.png' })
    expect(foreign.statusCode).toBe(400)
    const image = await uploadedImageUrl(app, admin, 42)
    const ok = await edit({ image, description: 'New words.' })
    expect(ok.statusCode).toBe(200)
    expect(ToolSchema.parse(ok.json())).toMatchObject({ image, description: 'New words.' })
  })
})

describe('DELETE /api/tool/{id}', () => {
  test('takes the tool off sale; its orders stay whole and it can no longer be ordered', async ({
    onTestFinished,
  }) => {
    const { app, admin, customer } = await shop(onTestFinished)
    const row = await insertTool(database.current.db, {
      name: 'Retired vise',
      priceCents: 5000,
      quantity: 10,
    })
    const order = (quantity: number) =>
      app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(customer),
        payload: { toolsId: row.id, purchaseQuantity: quantity, phone: '01700', address: 'Dhaka' },
      })
    const placed = await order(2)
    expect(placed.statusCode).toBe(201)
    const orderId = placed.json<{ insertedId: string }>().insertedId

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/tool/${row.id}`,
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 })

    expect(await catalogue(app)).toEqual([])
    expect((await app.inject({ method: 'GET', url: `/api/tool/${row.id}` })).statusCode).toBe(404)
    const again = await order(1)
    expect(again.statusCode).toBe(404)

    const kept = await app.inject({
      method: 'GET',
      url: `/api/purchase/${orderId}`,
      headers: bearer(customer),
    })
    expect(kept.statusCode).toBe(200)
    expect(kept.json()).toMatchObject({
      tools: 'Retired vise',
      price: 50,
      totalMoney: 100,
      purchaseQuantity: 2,
    })
    const all = await app.inject({
      method: 'GET',
      url: '/api/purchase/admin',
      headers: bearer(admin),
    })
    expect(all.json<{ _id: string }[]>().map((o) => o._id)).toEqual([orderId])

    const twice = await app.inject({
      method: 'DELETE',
      url: `/api/tool/${row.id}`,
      headers: bearer(admin),
    })
    expect(twice.statusCode).toBe(404)
  })

  test('only an admin deletes; unknown and malformed ids are 404', async ({ onTestFinished }) => {
    const { app, admin, customer } = await shop(onTestFinished)
    const row = await insertTool(database.current.db)
    const remove = (who: TestUser | undefined, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tool/${id}`, headers: who ? bearer(who) : {} })
    expect((await remove(undefined, row.id)).statusCode).toBe(401)
    expect((await remove(customer, row.id)).statusCode).toBe(403)
    expect((await remove(admin, 'not-a-uuid')).statusCode).toBe(404)
    expect((await remove(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await catalogue(app)).map((t) => t._id)).toEqual([row.id])
  })
})
