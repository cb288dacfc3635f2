import {
  deliveryWords,
  ErrorBodySchema,
  OrderSchema,
  ProfileSchema,
  PurchaseResponseSchema,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { payOrder, pdfText } from '../../../test/invoices.js'
import { orders, users } from '../../db/schema/index.js'
import type { App } from '../../app.js'

/** The checkout's delivery block and the profile's Company and Delivery address. */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db
const w = deliveryWords

const block = {
  company: 'Meghna Fabrication Ltd',
  street: 'Plot 7, BSCIC Industrial Area',
  city: 'Gazipur',
  postcode: '1703',
}

const post = (app: App, user: TestUser, payload: object) =>
  app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(user), payload })

const ordersOf = async (email: string) =>
  db().select().from(orders).where(eq(orders.customerEmail, email))

describe('the checkout delivery block', () => {
  test('a structured block is stored in its columns, `address` holds its text, and the invoice prints the company', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 1000, quantity: 10 })

    const res = await post(app, user, {
      lines: [{ tool: tool.id, quantity: 2 }],
      phone: '+880 1711 000001',
      country: 'bd',
      ...block,
    })

    expect(res.statusCode, res.body).toBe(201)
    const { order } = PurchaseResponseSchema.parse(res.json())
    expect(order).toMatchObject({
      ...block,
      country: 'BD',
      address: 'Plot 7, BSCIC Industrial Area, Gazipur 1703, BD',
    })
    const [row] = await ordersOf(user.email)
    expect(row).toMatchObject({ ...block, address: order.address })

    await payOrder(app, user, order._id)
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}/invoice.pdf`,
      headers: bearer(user),
    })
    expect(pdf.statusCode).toBe(200)
    const text = await pdfText(pdf.rawPayload)
    expect(text).toContain('Meghna Fabrication Ltd')
    expect(text).toContain('Plot 7, BSCIC Industrial Area, Gazipur 1703, BD')

    // The Mushak-6.3 of this domestic order names the buyer's company too.
    const mushak = await app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}/mushak-6.3.pdf`,
      headers: bearer(user),
    })
    expect(mushak.statusCode, mushak.body).toBe(200)
    expect(await pdfText(mushak.rawPayload)).toContain('Meghna Fabrication Ltd')
  })

  test("the seed's one address string still places an order, with no block", async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 1000, quantity: 10 })

    const res = await post(app, user, {
      lines: [{ tool: tool.id, quantity: 1 }],
      phone: '+880 1711 000002',
      address: 'House 12, Road 3, Gazipur',
    })

    expect(res.statusCode, res.body).toBe(201)
    const { order } = PurchaseResponseSchema.parse(res.json())
    expect(order).toMatchObject({
      address: 'House 12, Road 3, Gazipur',
      company: null,
      street: null,
      city: null,
      postcode: null,
    })
    const mine = await app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}`,
      headers: bearer(user),
    })
    expect(OrderSchema.parse(mine.json()).address).toBe('House 12, Road 3, Gazipur')
  })

  test.each([
    [{ ...block, city: '' }, 'city', w.cityRequired],
    [{ ...block, postcode: '  ' }, 'postcode', w.postcodeRequired],
    [{ ...block, postcode: '12/34' }, 'postcode', w.postcodeInvalid],
    [{ ...block, street: undefined }, 'street', w.streetRequired],
    [{ ...block, company: 'x'.repeat(201) }, 'company', w.companyTooLong],
    [{ company: 'Meghna' }, 'address', w.streetRequired],
  ])(
    'bad input %# is refused, naming the field, and no order is placed',
    async (where, field, why) => {
      const app = testApp.current
      const user = await createUser(app, { verified: true })
      const tool = await insertTool(db(), { priceCents: 1000, quantity: 10 })

      const res = await post(app, user, {
        lines: [{ tool: tool.id, quantity: 1 }],
        phone: '+880 1711 000003',
        ...where,
      })

      expect(res.statusCode, res.body).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).error.fields?.[field]).toBe(why)
      expect(await ordersOf(user.email)).toEqual([])
    },
  )
})

describe('the profile Company and Delivery address', () => {
  const seedFields = {
    phone: '+880 1711 000004',
    address: 'Gazipur',
    education: 'BSc',
    linkedin: 'https://www.linkedin.com/in/someone',
  }
  const put = (app: App, user: TestUser, payload: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/updateduser?email=${user.email}`,
      headers: bearer(user),
      payload,
    })
  const profileOf = async (app: App, user: TestUser) =>
    ProfileSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/user?email=${user.email}`,
          headers: bearer(user),
        })
      ).json(),
    )

  test('are saved with the country, kept when a seed client leaves them out, and cleared when emptied', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })

    expect((await put(app, user, { ...seedFields, ...block, country: 'BD' })).statusCode).toBe(200)
    expect(await profileOf(app, user)).toMatchObject({
      ...block,
      country: 'BD',
      location: 'Gazipur',
    })

    // The seed's client sends only its four fields: the block stays.
    expect((await put(app, user, seedFields)).statusCode).toBe(200)
    expect(await profileOf(app, user)).toMatchObject(block)

    const cleared = { company: '', street: '', city: '', postcode: '' }
    expect((await put(app, user, { ...seedFields, ...cleared })).statusCode).toBe(200)
    expect(await profileOf(app, user)).toMatchObject({
      company: null,
      street: null,
      city: null,
      postcode: null,
    })
  })

  test('a partial block is refused and nothing changes', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    expect((await put(app, user, { ...seedFields, ...block })).statusCode).toBe(200)

    const res = await put(app, user, {
      ...seedFields,
      phone: '+880 1999 999999',
      ...block,
      city: '',
    })

    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error.fields?.city).toBe(w.cityRequired)
    const [row] = await db().select().from(users).where(eq(users.email, user.email))
    expect(row).toMatchObject({ ...block, phone: seedFields.phone })
  })
})
