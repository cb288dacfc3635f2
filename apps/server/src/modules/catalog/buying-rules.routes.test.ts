import { ErrorBodySchema, messages, ToolSchema } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { tools, users } from '../../db/schema/index.js'

const database = useTestDatabase()
const p = messages.productRules

async function shop(onTestFinished: (fn: () => Promise<void>) => void) {
  const app = await buildTestApp(database.current, onTestFinished)
  const admin = await createUser(app, { email: uniqueEmail('admin') })
  await database.current.db
    .update(users)
    .set({ role: 'admin', emailVerified: true })
    .where(eq(users.email, admin.email))
  const customer = await createUser(app)
  return { app, admin, customer }
}

async function bolts(app: App, admin: TestUser, overrides: object = {}) {
  return {
    name: 'M8 hex bolts',
    quantity: 1000,
    price: 4,
    minimum: 50,
    description: 'Zinc-plated M8 x 40 hex bolts.',
    image: await uploadedImageUrl(app, admin),
    priceBreaks: [
      { minQuantity: 200, price: 3.5 },
      { minQuantity: 500, price: 3 },
    ],
    packSize: 50,
    ...overrides,
  }
}

const post = (app: App, who: TestUser, payload: object) =>
  app.inject({ method: 'POST', url: '/api/tool', headers: bearer(who), payload })

const fieldsOf = (res: { json: () => unknown }) =>
  ErrorBodySchema.parse(res.json()).error.fields ?? {}

describe('price breaks, pack sizes and made to order on products', () => {
  test('an admin saves breaks, a pack size and made to order; the API shows them', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await shop(onTestFinished)
    const body = await bolts(app, admin, { madeToOrder: true, leadTimeDays: 12 })
    const res = await post(app, admin, body)
    expect(res.statusCode).toBe(201)
    const id = res.json<{ insertedId: string }>().insertedId
    const tool = ToolSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/tool/${id}` })).json(),
    )
    expect(tool).toMatchObject({
      priceBreaks: body.priceBreaks,
      packSize: 50,
      madeToOrder: true,
      leadTimeDays: 12,
    })
    const [row] = await database.current.db.select().from(tools).where(eq(tools.id, id))
    expect(row?.priceBreaks).toEqual([
      { minQuantity: 200, priceCents: 350 },
      { minQuantity: 500, priceCents: 300 },
    ])
  })

  test.for([
    [
      'a break dearer than the price',
      { priceBreaks: [{ minQuantity: 200, price: 5 }] },
      'priceBreaks',
      p.priceBreaksFalling,
    ],
    [
      'breaks not rising in quantity',
      {
        priceBreaks: [
          { minQuantity: 500, price: 3.5 },
          { minQuantity: 200, price: 3 },
        ],
      },
      'priceBreaks',
      p.priceBreaksAscending,
    ],
    [
      'a break quantity off the pack size',
      { priceBreaks: [{ minQuantity: 220, price: 3.5 }] },
      'priceBreaks',
      p.priceBreaksPackMultiple(50),
    ],
    [
      'six breaks',
      {
        priceBreaks: [100, 200, 300, 400, 500, 600].map((q, i) => ({
          minQuantity: q,
          price: 3.9 - i / 10,
        })),
      },
      'priceBreaks',
      p.priceBreaksTooMany,
    ],
    ['a minimum off the pack size', { minimum: 60 }, 'minimum', p.minimumPackMultiple(50)],
    [
      'made to order without a lead time',
      { madeToOrder: true },
      'leadTimeDays',
      p.leadTimeRequired,
    ],
    ['a pack size of 0', { packSize: 0 }, 'packSize', p.packSizeMin],
  ] as const)(
    'refuses %s with the field message, storing nothing',
    async ([_label, overrides, field, message], { onTestFinished }) => {
      const { app, admin } = await shop(onTestFinished)
      const res = await post(app, admin, await bolts(app, admin, overrides))
      expect(res.statusCode).toBe(400)
      expect(fieldsOf(res)[field]).toBe(message)
      expect(await database.current.db.select().from(tools)).toEqual([])
    },
  )

  test('an edit is checked against the whole product, not just the fields sent', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await shop(onTestFinished)
    const row = await insertTool(database.current.db, { minimum: 2, quantity: 100 })
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tool/${row.id}`, headers: bearer(admin), payload })

    const packOnly = await put({ packSize: 25 })
    expect(packOnly.statusCode).toBe(400)
    expect(fieldsOf(packOnly).minimum).toBe(p.minimumPackMultiple(25))

    const both = await put({ packSize: 25, minimum: 25 })
    expect(both.statusCode).toBe(200)
    expect(ToolSchema.parse(both.json())).toMatchObject({ packSize: 25, minimum: 25 })

    const made = await put({ madeToOrder: true })
    expect(made.statusCode).toBe(400)
    expect(fieldsOf(made).leadTimeDays).toBe(p.leadTimeRequired)
    expect(
      ToolSchema.parse((await put({ madeToOrder: true, leadTimeDays: 5 })).json()),
    ).toMatchObject({ madeToOrder: true, leadTimeDays: 5 })
  })
})

describe('ordering under those rules', () => {
  const order = (toolsId: string, purchaseQuantity: number, extra: object = {}) => ({
    toolsId,
    purchaseQuantity,
    phone: '+880 1700 000000',
    address: 'Tejgaon, Dhaka',
    ...extra,
  })

  test('the unit price is the break in force, whatever price the client sends', async ({
    onTestFinished,
  }) => {
    const { app, customer } = await shop(onTestFinished)
    const row = await insertTool(database.current.db, {
      priceCents: 40,
      quantity: 2000,
      minimum: 50,
      packSize: 50,
      priceBreaks: [
        { minQuantity: 200, priceCents: 35 },
        { minQuantity: 500, priceCents: 30 },
      ],
    })
    const totals: number[][] = []
    for (const quantity of [50, 200, 450, 500]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(customer),
        payload: order(row.id, quantity, { price: 0.01, totalMoney: 0.5 }),
      })
      expect(res.statusCode).toBe(201)
      const placed = res.json<{ order: { price: number; totalMoney: number } }>().order
      totals.push([quantity, placed.price, placed.totalMoney])
    }
    expect(totals).toEqual([
      [50, 0.4, 20],
      [200, 0.35, 70],
      [450, 0.35, 157.5],
      [500, 0.3, 150],
    ])
  })

  test('a quantity off the pack size is refused with "Please order in multiples of N", stock untouched', async ({
    onTestFinished,
  }) => {
    const { app, customer } = await shop(onTestFinished)
    const row = await insertTool(database.current.db, { quantity: 1000, minimum: 50, packSize: 50 })
    const res = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(customer),
      payload: order(row.id, 75),
    })
    expect(res.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(res.json())
    expect(body.error.message).toBe('Please order in multiples of 50')
    expect(body.error.fields?.purchaseQuantity).toBe('Please order in multiples of 50')
    const [after] = await database.current.db.select().from(tools).where(eq(tools.id, row.id))
    expect(after?.quantity).toBe(1000)
  })
})
