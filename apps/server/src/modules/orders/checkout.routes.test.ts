import {
  CART_LINES_MAX,
  addWorkingDays,
  ErrorBodySchema,
  messages,
  OrderListSchema,
  OrderSchema,
  PurchaseResponseSchema,
  shopDate,
  quoteRuleWords,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import {
  cancel,
  checkout,
  expire,
  insertFirstOrderPromotion,
  openPaymentPage,
  purchase,
  stockOf,
} from '../../../test/orders.js'
import { payOrder } from '../../../test/invoices.js'
import {
  acceptQuote,
  customShipsBy,
  insertQuotedRequest,
  quoteRow,
  shopDay,
} from '../../../test/quote-rows.js'
import {
  orderLines,
  orders,
  quoteOffers,
  sandboxPaymentIntents,
  tools,
} from '../../db/schema/index.js'
import { eq } from 'drizzle-orm'

/** POST /api/checkout: several lines, one order, all of them or none. */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db
const line = messages.cartRules.lineProblem

describe('POST /api/checkout', () => {
  test('two lines make one order: each priced by its break, summed in cents, stock taken for both, and every order answer carries the lines', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const clamp = await insertTool(db(), { name: 'Spring clamp', priceCents: 1999, quantity: 10 })
    const bolts = await insertTool(db(), {
      name: 'M8 bolt',
      priceCents: 50,
      quantity: 1000,
      packSize: 50,
      minimum: 50,
      priceBreaks: [
        { minQuantity: 50, priceCents: 50 },
        { minQuantity: 200, priceCents: 35 },
      ],
    })

    const res = await checkout(app, user, [
      { tool: clamp.id, quantity: 3 },
      { tool: bolts.id, quantity: 250 },
    ])

    expect(res.statusCode, res.body).toBe(201)
    const { order, insertedId } = PurchaseResponseSchema.parse(res.json())
    const today = shopDate(new Date())
    expect(order.lines).toEqual([
      {
        tool: clamp.id,
        quote: null,
        leadTimeDays: null,
        name: 'Spring clamp',
        quantity: 3,
        unitPrice: 19.99,
        lineTotal: 59.97,
        fromStock: 3,
        madeToOrder: 0,
        shipsBy: today,
      },
      {
        tool: bolts.id,
        quote: null,
        leadTimeDays: null,
        name: 'M8 bolt',
        quantity: 250,
        unitPrice: 0.35,
        lineTotal: 87.5,
        fromStock: 250,
        madeToOrder: 0,
        shipsBy: today,
      },
    ])
    expect(order).toMatchObject({
      _id: insertedId,
      subtotal: 147.47,
      discount: null,
      totalMoney: 147.47,
      // The seed's single-tool fields summarise the lines.
      toolsId: clamp.id,
      tools: 'Spring clamp, M8 bolt',
      purchaseQuantity: 253,
      price: 19.99,
      status: 'unpaid',
    })
    expect(await stockOf(db(), clamp.id)).toBe(7)
    expect(await stockOf(db(), bolts.id)).toBe(750)

    const one = await app.inject({
      method: 'GET',
      url: `/api/purchase/${insertedId}`,
      headers: bearer(user),
    })
    expect(OrderSchema.parse(one.json()).lines).toEqual(order.lines)
    const mine = await app.inject({
      method: 'GET',
      url: `/api/purchase?customer=${encodeURIComponent(user.email)}`,
      headers: bearer(user),
    })
    expect(OrderListSchema.parse(mine.json())[0]?.lines).toEqual(order.lines)
  })

  test.for([
    {
      what: 'off the pack size',
      second: { packSize: 50, quantity: 1000 },
      ask: 30,
      status: 400,
      why: messages.orderRules.packMultiple(50),
    },
    {
      what: 'below the minimum',
      second: { minimum: 20, quantity: 1000 },
      ask: 5,
      status: 400,
      why: messages.orderRules.belowMinimum(20),
    },
    {
      what: 'over the stock',
      second: { quantity: 2 },
      ask: 3,
      status: 409,
      why: messages.orderRules.outOfStock(2),
    },
  ])(
    'a line $what refuses the whole order, naming the line, and takes nothing',
    async ({ second, ask, status, why }) => {
      const app = testApp.current
      const user = await createUser(app, { verified: true })
      const fine = await insertTool(db(), { quantity: 10 })
      const bad = await insertTool(db(), { name: 'Hex nut', ...second })
      const badStock = await stockOf(db(), bad.id)

      const res = await checkout(app, user, [
        { tool: fine.id, quantity: 4 },
        { tool: bad.id, quantity: ask },
      ])

      expect(res.statusCode).toBe(status)
      const { error } = ErrorBodySchema.parse(res.json())
      expect(error.message).toBe(line(2, 'Hex nut', why))
      expect(error.fields).toEqual({ 'lines.1.quantity': why })
      expect(await stockOf(db(), fine.id)).toBe(10)
      expect(await stockOf(db(), bad.id)).toBe(badStock)
      expect(await db().select().from(orders)).toHaveLength(0)
      expect(await db().select().from(orderLines)).toHaveLength(0)
    },
  )

  test('a deleted tool or an unknown one is refused by line, with the tool field', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const fine = await insertTool(db(), { quantity: 10 })
    const gone = await insertTool(db(), { name: 'Old saw', deletedAt: new Date() })
    const unknown = '00000000-0000-4000-8000-000000000000'

    const res = await checkout(app, user, [
      { tool: fine.id, quantity: 1 },
      { tool: gone.id, quantity: 1 },
      { tool: unknown, quantity: 1 },
    ])

    expect(res.statusCode).toBe(400)
    const { error } = ErrorBodySchema.parse(res.json())
    const why = messages.cartRules.toolGone
    expect(error.message).toBe(line(2, 'Old saw', why))
    expect(error.fields).toEqual({ 'lines.1.tool': why, 'lines.2.tool': why })
    expect(await stockOf(db(), fine.id)).toBe(10)
    expect(await db().select().from(orders)).toHaveLength(0)
  })

  test('the same tool twice is refused, however its id is spelt', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { quantity: 10 })
    for (const other of [tool.id, tool.id.toUpperCase()]) {
      const res = await checkout(app, user, [
        { tool: tool.id, quantity: 1 },
        { tool: other, quantity: 2 },
      ])
      expect(res.statusCode).toBe(400)
      const { error } = ErrorBodySchema.parse(res.json())
      expect(error.fields).toEqual({ 'lines.1.tool': messages.cartRules.duplicateTool })
    }
    expect(await stockOf(db(), tool.id)).toBe(10)
  })

  test('an empty cart, more than CART_LINES_MAX (200) lines, or no address cannot be checked out', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db())
    const empty = await checkout(app, user, [])
    expect(empty.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(empty.json()).error.fields).toMatchObject({
      lines: messages.cartRules.empty,
    })
    const many = Array.from({ length: CART_LINES_MAX + 1 }, (_, i) => ({
      tool: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      quantity: 1,
    }))
    expect((await checkout(app, user, many)).statusCode).toBe(400)
    const noAddress = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(user),
      payload: { lines: [{ tool: tool.id, quantity: 1 }], phone: '1' },
    })
    expect(noAddress.statusCode).toBe(400)
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { lines: [{ tool: tool.id, quantity: 1 }], phone: '1', address: 'x' },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await db().select().from(orders)).toHaveLength(0)
  })

  test('client prices are ignored: the server prices every line', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { priceCents: 5000 })
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(user),
      payload: {
        lines: [{ tool: tool.id, quantity: 2, unitPrice: 0.01, lineTotal: 0.02 }],
        phone: '1',
        address: 'x',
        totalMoney: 0.02,
        discount: { label: 'free', amount: 100 },
      },
    })
    expect(res.statusCode).toBe(201)
    expect(PurchaseResponseSchema.parse(res.json()).order).toMatchObject({
      totalMoney: 100,
      discount: null,
      lines: [expect.objectContaining({ unitPrice: 50, lineTotal: 100 })],
    })
  })
})

describe('made to order', () => {
  test('a made-to-order line takes what stock there is and makes the rest; stock never goes below 0, and a cancel returns only the stock part', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const press = await insertTool(db(), {
      name: 'Bench press',
      quantity: 3,
      madeToOrder: true,
      leadTimeDays: 5,
    })

    const first = await checkout(app, user, [{ tool: press.id, quantity: 10 }])
    expect(first.statusCode, first.body).toBe(201)
    const made = PurchaseResponseSchema.parse(first.json()).order
    expect(made.lines[0]).toMatchObject({
      quantity: 10,
      fromStock: 3,
      madeToOrder: 7,
      shipsBy: addWorkingDays(shopDate(new Date()), 5),
    })
    expect(await stockOf(db(), press.id)).toBe(0)

    // Nothing left in stock: the whole line is made; the stock stays at 0.
    const second = await purchase(app, user, press.id, 4)
    expect(second.statusCode, second.body).toBe(201)
    expect(PurchaseResponseSchema.parse(second.json()).order.lines[0]).toMatchObject({
      fromStock: 0,
      madeToOrder: 4,
    })
    expect(await stockOf(db(), press.id)).toBe(0)

    expect((await cancel(app, user, made._id)).statusCode).toBe(200)
    expect(await stockOf(db(), press.id)).toBe(3)
  })

  test('a tool without the mark still refuses more than its stock, with the seed’s message', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { quantity: 2 })
    const res = await purchase(app, user, tool.id, 3)
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: messages.orderRules.outOfStock(2),
    })
    const [row] = await db().select().from(tools).where(eq(tools.id, tool.id))
    expect(row?.quantity).toBe(2)
  })
})

describe('the cart after a checkout', () => {
  test('the ordered tools leave the buyer’s server cart; other lines stay; Buy Now leaves the cart alone', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const [a, b, c] = await Promise.all([insertTool(db()), insertTool(db()), insertTool(db())])
    const put = await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: {
        lines: [
          { tool: a.id, quantity: 1 },
          { tool: b.id, quantity: 2 },
          { tool: c.id, quantity: 3 },
        ],
      },
    })
    expect(put.statusCode, put.body).toBe(200)

    const res = await checkout(app, user, [
      { tool: a.id, quantity: 1 },
      { tool: c.id, quantity: 3 },
    ])
    expect(res.statusCode).toBe(201)
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })
    expect(cart.json()).toEqual({ lines: [{ tool: b.id, quantity: 2 }] })

    // A refused checkout leaves the cart alone.
    const refused = await checkout(app, user, [{ tool: b.id, quantity: 1_000 }])
    expect(refused.statusCode).toBe(409)
    const after = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })
    expect(after.json()).toEqual({ lines: [{ tool: b.id, quantity: 2 }] })
    // Buy Now of a tool in the cart is an order of its own: the cart keeps its line.
    expect((await purchase(app, user, b.id, 1)).statusCode).toBe(201)
    const kept = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })
    expect(kept.json()).toEqual({ lines: [{ tool: b.id, quantity: 2 }] })
  })
})

describe('custom parts', () => {
  const quoted = [
    { quantity: 100, unitPriceCents: 450 },
    { quantity: 500, unitPriceCents: 320 },
  ]

  /** A quote of `user` accepted at `quantity`, in their cart. */
  async function acceptedQuote(
    app: Awaited<ReturnType<typeof buildTestApp>>,
    user: TestUser,
    quantity = 500,
    extra: { partName?: string; leadTimeDays?: number } = {},
  ) {
    const q = await insertQuotedRequest(db(), { customer: user, lines: quoted, ...extra })
    const res = await acceptQuote(app, user, q.request.id, { quantity })
    expect(res.statusCode, res.body).toBe(200)
    return q
  }

  test('a custom line ships its lead time in working days after the payment, not after the order', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const user = await createUser(app, { verified: true })
    const { request } = await acceptedQuote(app, user, 500, { leadTimeDays: 12 })
    const res = await checkout(app, user, [{ quote: request.id, quantity: 500 }])
    expect(res.statusCode, res.body).toBe(201)
    const { order, insertedId } = PurchaseResponseSchema.parse(res.json())
    // Before payment the date is provisional: counted from the order's day.
    expect(order.lines[0]?.shipsBy).toBe(customShipsBy(12))

    // As if it had been ordered a week ago (what placing it wrote then), and paid today.
    const weekAgo = new Date(Date.now() - 7 * 86_400_000)
    await db().update(orders).set({ createdAt: weekAgo }).where(eq(orders.id, insertedId))
    await db()
      .update(orderLines)
      .set({ shipsBy: addWorkingDays(shopDate(weekAgo), 12) })
      .where(eq(orderLines.orderId, insertedId))
    await payOrder(app, user, insertedId)

    const paidDay = shopDate(new Date())
    const read = await app.inject({
      method: 'GET',
      url: `/api/purchase/${insertedId}`,
      headers: bearer(user),
    })
    expect(OrderSchema.parse(read.json()).lines[0]?.shipsBy).toBe(addWorkingDays(paidDay, 12))
  })

  test('a stock tool and a custom part make one order: priced from the quote, made whole, the quote Ordered; paid with 4242, then shipped', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const user = await createUser(app, { verified: true })
    const clamp = await insertTool(db(), { name: 'Spring clamp', priceCents: 1999, quantity: 10 })
    const { request } = await acceptedQuote(app, user, 500, { leadTimeDays: 12 })
    const put = await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: {
        lines: [
          { tool: clamp.id, quantity: 2 },
          { quote: request.id, quantity: 500 },
        ],
      },
    })
    expect(put.statusCode, put.body).toBe(200)

    const res = await checkout(app, user, [
      { tool: clamp.id, quantity: 2 },
      { quote: request.id, quantity: 500 },
    ])

    expect(res.statusCode, res.body).toBe(201)
    const { order, insertedId } = PurchaseResponseSchema.parse(res.json())
    expect(order.lines).toEqual([
      {
        tool: clamp.id,
        quote: null,
        leadTimeDays: null,
        name: 'Spring clamp',
        quantity: 2,
        unitPrice: 19.99,
        lineTotal: 39.98,
        fromStock: 2,
        madeToOrder: 0,
        shipsBy: shopDate(new Date()),
      },
      {
        tool: null,
        quote: request.id,
        leadTimeDays: 12,
        name: 'Custom: Flange bracket',
        quantity: 500,
        unitPrice: 3.2,
        lineTotal: 1600,
        fromStock: 0,
        madeToOrder: 500,
        shipsBy: customShipsBy(12),
      },
    ])
    expect(order).toMatchObject({
      subtotal: 1639.98,
      totalMoney: 1639.98,
      toolsId: clamp.id,
      tools: 'Spring clamp, Custom: Flange bracket',
      purchaseQuantity: 502,
      status: 'unpaid',
    })
    expect(await stockOf(db(), clamp.id)).toBe(8)
    expect(await quoteRow(db(), request.id)).toMatchObject({
      status: 'ordered',
      orderId: insertedId,
      acceptedQuantity: 500,
    })
    // Both lines left the cart: the tool's row, and the quote by being ordered.
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })
    expect(cart.json()).toEqual({ lines: [] })

    const intent = await openPaymentPage(app, user, insertedId)
    expect(intent.amount).toBe(1639.98)
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/sandbox/payment_intents/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
        billingDetails: { name: user.name, email: user.email },
      },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const paid = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${insertedId}`,
      headers: bearer(user),
      payload: { transactionId: intent.paymentIntentId },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(OrderSchema.parse(paid.json())).toMatchObject({ status: 'paid', paid: true })
    expect((await quoteRow(db(), request.id)).status).toBe('ordered')

    const shipped = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${insertedId}/status`,
      headers: bearer(admin),
      payload: { status: 'shipped' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(OrderSchema.parse(shipped.json())).toMatchObject({
      status: 'shipped',
      lines: [
        expect.objectContaining({ tool: clamp.id }),
        expect.objectContaining({ quote: request.id }),
      ],
    })
    expect((await quoteRow(db(), request.id)).status).toBe('ordered')
  })

  test('an order of custom parts only has no tool (toolsId is the quote) and its lines count towards the first-order discount', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 100_000 })
    const { request } = await acceptedQuote(app, user, 100)

    const res = await checkout(app, user, [{ quote: request.id, quantity: 100 }])

    expect(res.statusCode, res.body).toBe(201)
    const { order, insertedId } = PurchaseResponseSchema.parse(res.json())
    expect(order).toMatchObject({
      toolsId: request.id,
      tools: 'Custom: Flange bracket',
      price: 4.5,
      subtotal: 450,
      discount: { amount: 45 },
      totalMoney: 405,
    })
    const [row] = await db().select().from(orders).where(eq(orders.id, insertedId))
    expect(row?.toolId).toBeNull()
  })

  test('a custom line that is not the buyer’s accepted quote at its quantity, still valid, refuses the whole order by line and takes nothing', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const other = await createUser(app, { verified: true })
    const tool = await insertTool(db(), { name: 'Hex nut', quantity: 10 })
    const q = quoteRuleWords
    const notAccepted = await insertQuotedRequest(db(), { customer: user, lines: quoted })
    const theirs = await acceptedQuote(app, other, 500)
    const mine = await acceptedQuote(app, user, 500)
    const lapsed = await acceptedQuote(app, user, 500, { partName: 'Cam plate' })
    await db()
      .update(quoteOffers)
      .set({ validUntil: shopDay(-1) })
      .where(eq(quoteOffers.id, lapsed.offer.id))
    const ordered = await acceptedQuote(app, user, 100, { partName: 'Lever arm' })
    expect(
      (await checkout(app, user, [{ quote: ordered.request.id, quantity: 100 }])).statusCode,
    ).toBe(201)
    const ordersBefore = (await db().select().from(orders)).length

    const cases: [string, number, number, string, string][] = [
      [notAccepted.request.id, 500, 409, notAccepted.request.id, q.notInCart],
      [theirs.request.id, 500, 409, theirs.request.id, q.notInCart],
      [
        '00000000-0000-4000-8000-000000000000',
        500,
        409,
        '00000000-0000-4000-8000-000000000000',
        q.notInCart,
      ],
      [mine.request.id, 100, 400, 'Custom: Flange bracket', q.quantityFixed],
      [lapsed.request.id, 500, 409, 'Custom: Cam plate', q.expired(shopDay(-1))],
      [ordered.request.id, 100, 409, 'Custom: Lever arm', q.alreadyOrdered],
    ]
    for (const [quote, quantity, status, name, why] of cases) {
      const res = await checkout(app, user, [
        { tool: tool.id, quantity: 4 },
        { quote, quantity },
      ])
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status)
      const { error } = ErrorBodySchema.parse(res.json())
      expect(error.message).toBe(line(2, name, why))
      expect(error.fields).toEqual({ 'lines.1.quote': why })
    }
    expect(await stockOf(db(), tool.id)).toBe(10)
    expect(await db().select().from(orders)).toHaveLength(ordersBefore)
    expect((await quoteRow(db(), mine.request.id)).status).toBe('accepted')
    expect((await quoteRow(db(), lapsed.request.id)).status).toBe('accepted')
    expect((await quoteRow(db(), theirs.request.id)).status).toBe('accepted')
    expect((await quoteRow(db(), notAccepted.request.id)).status).toBe('quoted')
  })
})

describe('cancelled orders with custom parts', () => {
  const quoted = [{ quantity: 100, unitPriceCents: 450 }]

  async function orderedQuote(app: Awaited<ReturnType<typeof buildTestApp>>, user: TestUser) {
    const tool = await insertTool(db(), { quantity: 10 })
    const q = await insertQuotedRequest(db(), { customer: user, lines: quoted })
    expect((await acceptQuote(app, user, q.request.id, { quantity: 100 })).statusCode).toBe(200)
    const res = await checkout(app, user, [
      { quote: q.request.id, quantity: 100 },
      { tool: tool.id, quantity: 3 },
    ])
    expect(res.statusCode, res.body).toBe(201)
    return { ...q, tool, orderId: PurchaseResponseSchema.parse(res.json()).insertedId }
  }

  test('cancelling gives the quote back: Quoted while its offer is valid, else Expired; the stock part returns, the made part does not', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const user = await createUser(app, { verified: true })

    // The buyer cancels their unpaid order.
    const byBuyer = await orderedQuote(app, user)
    expect((await cancel(app, user, byBuyer.orderId)).statusCode).toBe(200)
    expect(await quoteRow(db(), byBuyer.request.id)).toMatchObject({
      status: 'quoted',
      orderId: null,
      acceptedOfferId: null,
    })
    expect(await stockOf(db(), byBuyer.tool.id)).toBe(10)

    // An admin cancels one whose offer ran out meanwhile.
    const byAdmin = await orderedQuote(app, user)
    await db()
      .update(quoteOffers)
      .set({ validUntil: shopDay(-1) })
      .where(eq(quoteOffers.id, byAdmin.offer.id))
    expect((await cancel(app, admin, byAdmin.orderId)).statusCode).toBe(200)
    expect((await quoteRow(db(), byAdmin.request.id)).status).toBe('expired')

    // The hold runs out.
    const swept = await orderedQuote(app, user)
    await db()
      .update(orders)
      .set({
        createdAt: new Date(Date.now() - 49 * 3_600_000),
        holdUntil: new Date(Date.now() - 3_600_000),
      })
      .where(eq(orders.id, swept.orderId))
    await app.services.orderSweeper.sweep()
    const [row] = await db().select().from(orders).where(eq(orders.id, swept.orderId))
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await quoteRow(db(), swept.request.id)).status).toBe('quoted')
    expect(await stockOf(db(), swept.tool.id)).toBe(10)
  })

  /**
   * The rule for money that arrives after such a cancel: the order lives again only if every
   * custom part's quote can go back to Ordered (Quoted again and its offer still valid, at the
   * same quantity and price), as well as every tool's stock; else the payment is refunded.
   */
  test('a late payment reinstates the order only if every quote can be Ordered again; else it is refunded and the quote left alone', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const payLate = async (orderId: string) => {
      const intent = await openPaymentPage(app, user, orderId)
      await expire(app, db(), orderId)
      await db()
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))
      return { intent, orderId }
    }
    const markPaid = (orderId: string, transactionId: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/purchase/${orderId}`,
        headers: bearer(user),
        payload: { transactionId },
      })

    // Quoted again and valid: the order lives again and the quote is Ordered by it.
    const back = await orderedQuote(app, user)
    const late = await payLate(back.orderId)
    const paid = await markPaid(late.orderId, late.intent.paymentIntentId)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(OrderSchema.parse(paid.json()).status).toBe('paid')
    expect(await quoteRow(db(), back.request.id)).toMatchObject({
      status: 'ordered',
      orderId: back.orderId,
      acceptedQuantity: 100,
    })
    expect(await stockOf(db(), back.tool.id)).toBe(7)

    // Accepted again into the cart meanwhile: not Quoted, so refunded; the cart keeps it.
    const reaccepted = await orderedQuote(app, user)
    const late2 = await payLate(reaccepted.orderId)
    expect(
      (await acceptQuote(app, user, reaccepted.request.id, { quantity: 100 })).statusCode,
    ).toBe(200)
    const refused = await markPaid(late2.orderId, late2.intent.paymentIntentId)
    expect(refused.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(refused.json()).error.message).toBe(
      messages.paymentRules.refundedQuoteUnavailable,
    )
    const [row] = await db().select().from(orders).where(eq(orders.id, late2.orderId))
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'refunded_quote_unavailable' })
    // The same money told again (a webhook after the browser) is refunded once, same reason.
    const retold = await markPaid(late2.orderId, late2.intent.paymentIntentId)
    expect(ErrorBodySchema.parse(retold.json()).error.message).toBe(
      messages.paymentRules.refundedQuoteUnavailable,
    )
    expect(row?.refundId).toBeTruthy()
    expect((await quoteRow(db(), reaccepted.request.id)).status).toBe('accepted')
    expect(await stockOf(db(), reaccepted.tool.id)).toBe(10)

    // Its offer ran out: refunded too.
    const lapsed = await orderedQuote(app, user)
    const late3 = await payLate(lapsed.orderId)
    await db()
      .update(quoteOffers)
      .set({ validUntil: shopDay(-1) })
      .where(eq(quoteOffers.id, lapsed.offer.id))
    expect((await markPaid(late3.orderId, late3.intent.paymentIntentId)).statusCode).toBe(409)
    expect((await quoteRow(db(), lapsed.request.id)).status).toBe('quoted')
  })
})
