import {
  CART_LINES_MAX,
  CartSchema,
  ErrorBodySchema,
  messages,
  quoteRuleWords,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { acceptQuote, insertQuotedRequest, quoteRow, shopDay } from '../../../test/quote-rows.js'
import type { App } from '../../app.js'
import { cartLines, quoteOffers, tools } from '../../db/schema/index.js'

/** GET/PUT /api/cart: the signed-in buyer's cart, kept by the server. */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db

const put = (app: App, user: TestUser, lines: object[]) =>
  app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(user), payload: { lines } })
const get = (app: App, user: TestUser) =>
  app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })

describe('the server cart', () => {
  test('PUT replaces the whole cart and GET answers it in the buyer’s order, privately, uncached', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const other = await createUser(app)
    const [a, b, c] = await Promise.all([insertTool(db()), insertTool(db()), insertTool(db())])

    expect((await get(app, user)).json()).toEqual({ lines: [] })
    const first = await put(app, user, [
      { tool: c.id, quantity: 3 },
      { tool: a.id, quantity: 1 },
    ])
    expect(first.statusCode, first.body).toBe(200)
    expect(CartSchema.parse(first.json()).lines).toEqual([
      { tool: c.id, quantity: 3 },
      { tool: a.id, quantity: 1 },
    ])
    await put(app, user, [
      { tool: b.id, quantity: 2 },
      { tool: c.id, quantity: 5 },
    ])
    const res = await get(app, user)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      lines: [
        { tool: b.id, quantity: 2 },
        { tool: c.id, quantity: 5 },
      ],
    })
    // Another account's cart is its own.
    expect((await get(app, other)).json()).toEqual({ lines: [] })
    expect((await put(app, user, [])).json()).toEqual({ lines: [] })
    expect(await db().select().from(cartLines)).toHaveLength(0)
  })

  test('a tool deleted since it was added is left out of the answer', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const [a, b] = await Promise.all([insertTool(db()), insertTool(db())])
    await put(app, user, [
      { tool: a.id, quantity: 1 },
      { tool: b.id, quantity: 1 },
    ])
    await db().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, a.id))
    expect((await get(app, user)).json()).toEqual({ lines: [{ tool: b.id, quantity: 1 }] })
  })

  test('a line that could never be ordered is refused by name; more than the stock is kept', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const fine = await insertTool(db(), { quantity: 1 })
    const bolts = await insertTool(db(), { name: 'M8 bolt', packSize: 50, minimum: 100 })
    const gone = await insertTool(db(), { name: 'Old saw', deletedAt: new Date() })
    const line = messages.cartRules.lineProblem
    const r = messages.orderRules

    const cases: [object[], string, Record<string, string>][] = [
      [
        [{ tool: bolts.id, quantity: 50 }],
        line(1, 'M8 bolt', r.belowMinimum(100)),
        { 'lines.0.quantity': r.belowMinimum(100) },
      ],
      [
        [
          { tool: fine.id, quantity: 1 },
          { tool: bolts.id, quantity: 120 },
        ],
        line(2, 'M8 bolt', r.packMultiple(50)),
        { 'lines.1.quantity': r.packMultiple(50) },
      ],
      [
        [{ tool: gone.id, quantity: 1 }],
        line(1, 'Old saw', messages.cartRules.toolGone),
        { 'lines.0.tool': messages.cartRules.toolGone },
      ],
    ]
    for (const [lines, message, fields] of cases) {
      const res = await put(app, user, lines)
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).error).toMatchObject({ message, fields })
    }
    const dup = await put(app, user, [
      { tool: fine.id, quantity: 1 },
      { tool: fine.id, quantity: 1 },
    ])
    expect(ErrorBodySchema.parse(dup.json()).error.fields).toEqual({
      'lines.1.tool': messages.cartRules.duplicateTool,
    })
    expect(await db().select().from(cartLines)).toHaveLength(0)

    // The stock is checked at checkout, not in the cart.
    const res = await put(app, user, [{ tool: fine.id, quantity: 7 }])
    expect(res.statusCode).toBe(200)
  })

  test('the cart is for signed-in accounts; more than CART_LINES_MAX (200) lines are refused', async () => {
    const app = testApp.current
    const user = await createUser(app)
    expect((await app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'PUT', url: '/api/cart', payload: { lines: [] } })).statusCode,
    ).toBe(401)
    const many = Array.from({ length: CART_LINES_MAX + 1 }, (_, i) => ({
      tool: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      quantity: 1,
    }))
    const res = await put(app, user, many)
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error.fields).toEqual({
      lines: messages.cartRules.tooManyLines(CART_LINES_MAX),
    })
  })
})

describe('custom parts in the cart', () => {
  const lines = [
    { quantity: 100, unitPriceCents: 450 },
    { quantity: 500, unitPriceCents: 320 },
  ]

  test('GET and PUT list the tool lines, then the accepted quotes, oldest accepted first, with their quoted price', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(db())
    const first = await insertQuotedRequest(db(), {
      customer: user,
      partName: 'Gear housing',
      lines,
      leadTimeDays: 15,
      validUntil: shopDay(7),
    })
    const second = await insertQuotedRequest(db(), {
      customer: user,
      partName: 'Flange bracket',
      lines,
      leadTimeDays: 8,
      validUntil: shopDay(9),
    })
    // Quoted but not accepted: not in the cart.
    await insertQuotedRequest(db(), { customer: user, lines })
    expect((await acceptQuote(app, user, first.request.id, { quantity: 500 })).statusCode).toBe(200)
    expect((await acceptQuote(app, user, second.request.id, { quantity: 100 })).statusCode).toBe(
      200,
    )
    const expected = [
      { tool: tool.id, quantity: 2 },
      {
        quote: first.request.id,
        quantity: 500,
        name: 'Custom: Gear housing',
        unitPrice: 3.2,
        leadTimeDays: 15,
        validUntil: shopDay(7),
      },
      {
        quote: second.request.id,
        quantity: 100,
        name: 'Custom: Flange bracket',
        unitPrice: 4.5,
        leadTimeDays: 8,
        validUntil: shopDay(9),
      },
    ]

    // The buyer's order of lines does not move the quotes: tools first, then by acceptance.
    const res = await put(app, user, [
      { quote: second.request.id, quantity: 100 },
      { tool: tool.id, quantity: 2 },
      { quote: first.request.id.toUpperCase(), quantity: 500 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect(CartSchema.parse(res.json()).lines).toEqual(expected)
    expect(CartSchema.parse((await get(app, user)).json()).lines).toEqual(expected)
    // No cart row stands for a quote: being accepted is being in the cart.
    expect(await db().select().from(cartLines)).toHaveLength(1)
    expect((await quoteRow(db(), first.request.id)).status).toBe('accepted')
  })

  test('a PUT that leaves a quote out keeps it: a stale tab cannot drop the quote another tab just accepted', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const tool = await insertTool(db())
    const earlier = await insertQuotedRequest(db(), { customer: user, lines })
    const fresh = await insertQuotedRequest(db(), { customer: user, lines })
    expect((await acceptQuote(app, user, earlier.request.id, { quantity: 100 })).statusCode).toBe(
      200,
    )
    // Tab A read its cart here; tab B then accepts another quote.
    expect((await acceptQuote(app, user, fresh.request.id, { quantity: 100 })).statusCode).toBe(200)
    // Tab A saves what it shows: its tool line and the one quote it knew of.
    const res = await put(app, user, [
      { tool: tool.id, quantity: 1 },
      { quote: earlier.request.id, quantity: 100 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect(CartSchema.parse(res.json()).lines).toEqual([
      { tool: tool.id, quantity: 1 },
      expect.objectContaining({ quote: earlier.request.id }),
      expect.objectContaining({ quote: fresh.request.id }),
    ])
    expect((await quoteRow(db(), fresh.request.id)).status).toBe('accepted')
    // Even an empty PUT replaces only the tools' lines.
    expect(CartSchema.parse((await put(app, user, [])).json()).lines).toEqual([
      expect.objectContaining({ quote: earlier.request.id }),
      expect.objectContaining({ quote: fresh.request.id }),
    ])
  })

  test('DELETE /api/cart/quote/{id} returns the quote to Quoted while its offer is valid, else to Expired; only the buyer’s accepted quote', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const other = await createUser(app)
    const tool = await insertTool(db())
    const valid = await insertQuotedRequest(db(), { customer: user, lines })
    const lapsed = await insertQuotedRequest(db(), { customer: user, lines })
    const kept = await insertQuotedRequest(db(), { customer: user, lines })
    for (const q of [valid, lapsed, kept])
      expect((await acceptQuote(app, user, q.request.id, { quantity: 100 })).statusCode).toBe(200)
    expect((await put(app, user, [{ tool: tool.id, quantity: 1 }])).statusCode).toBe(200)
    // Its Valid until passed while it sat in the cart.
    await db()
      .update(quoteOffers)
      .set({ validUntil: shopDay(-1) })
      .where(eq(quoteOffers.id, lapsed.offer.id))
    const remove = (who: TestUser, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/cart/quote/${id}`, headers: bearer(who) })

    // Not the caller's: 404, and nothing changes.
    const foreign = await remove(other, valid.request.id)
    expect(foreign.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(foreign.json()).error.message).toBe(quoteRuleWords.notInCart)
    expect((await quoteRow(db(), valid.request.id)).status).toBe('accepted')
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/cart/quote/${valid.request.id}` }))
        .statusCode,
    ).toBe(401)

    const res = await remove(user, valid.request.id.toUpperCase())
    expect(res.statusCode, res.body).toBe(200)
    expect(CartSchema.parse(res.json()).lines).toEqual([
      { tool: tool.id, quantity: 1 },
      expect.objectContaining({ quote: lapsed.request.id }),
      expect.objectContaining({ quote: kept.request.id }),
    ])
    expect(await quoteRow(db(), valid.request.id)).toMatchObject({
      status: 'quoted',
      acceptedOfferId: null,
      acceptedQuantity: null,
    })
    expect((await remove(user, lapsed.request.id)).statusCode).toBe(200)
    expect((await quoteRow(db(), lapsed.request.id)).status).toBe('expired')
    expect((await quoteRow(db(), kept.request.id)).status).toBe('accepted')
    // Removed already (a second click), or never accepted: 404.
    expect((await remove(user, valid.request.id)).statusCode).toBe(404)
    expect((await remove(user, 'not-a-quote')).statusCode).toBe(404)
    // Quoted again: the buyer may accept it again, another line if they like.
    expect((await acceptQuote(app, user, valid.request.id, { quantity: 500 })).statusCode).toBe(200)
  })

  test('a quote line must be one of the buyer’s accepted quotes at its quoted quantity; a refused PUT changes nothing', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const other = await createUser(app)
    const tool = await insertTool(db())
    const mine = await insertQuotedRequest(db(), { customer: user, lines })
    const notAccepted = await insertQuotedRequest(db(), { customer: user, lines })
    const theirs = await insertQuotedRequest(db(), { customer: other, lines })
    expect((await acceptQuote(app, user, mine.request.id, { quantity: 100 })).statusCode).toBe(200)
    expect((await acceptQuote(app, other, theirs.request.id, { quantity: 100 })).statusCode).toBe(
      200,
    )
    expect(
      (
        await put(app, user, [
          { tool: tool.id, quantity: 1 },
          { quote: mine.request.id, quantity: 100 },
        ])
      ).statusCode,
    ).toBe(200)
    const line = messages.cartRules.lineProblem
    const q = quoteRuleWords

    const cases: [object[], number, string, Record<string, string>][] = [
      [
        [
          { tool: tool.id, quantity: 5 },
          { quote: notAccepted.request.id, quantity: 100 },
        ],
        409,
        line(2, notAccepted.request.id, q.notInCart),
        { 'lines.1.quote': q.notInCart },
      ],
      [
        [{ quote: theirs.request.id, quantity: 100 }],
        409,
        line(1, theirs.request.id, q.notInCart),
        { 'lines.0.quote': q.notInCart },
      ],
      [
        [{ quote: 'not-a-quote', quantity: 100 }],
        409,
        line(1, 'not-a-quote', q.notInCart),
        { 'lines.0.quote': q.notInCart },
      ],
      [
        [{ quote: mine.request.id, quantity: 500 }],
        400,
        line(1, 'Custom: Flange bracket', q.quantityFixed),
        { 'lines.0.quantity': q.quantityFixed },
      ],
    ]
    for (const [sent, status, message, fields] of cases) {
      const res = await put(app, user, sent)
      expect(res.statusCode, JSON.stringify(sent)).toBe(status)
      expect(ErrorBodySchema.parse(res.json()).error).toMatchObject({ message, fields })
    }
    const twice = await put(app, user, [
      { quote: mine.request.id, quantity: 100 },
      { quote: mine.request.id.toUpperCase(), quantity: 100 },
    ])
    expect(twice.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(twice.json()).error.fields).toEqual({
      'lines.1.quote': messages.cartRules.duplicateQuote,
    })

    // Nothing moved: the tool line and the accepted quote are as they were.
    expect(CartSchema.parse((await get(app, user)).json()).lines).toEqual([
      { tool: tool.id, quantity: 1 },
      expect.objectContaining({ quote: mine.request.id, quantity: 100 }),
    ])
    expect((await quoteRow(db(), notAccepted.request.id)).status).toBe('quoted')
    expect((await quoteRow(db(), theirs.request.id)).status).toBe('accepted')
  })
})

test('the OpenAPI document shows the cart and checkout routes with their words', async () => {
  const app = testApp.current
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>()
  expect(Object.keys(doc.paths['/api/cart'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']))
  const text = JSON.stringify(doc.paths['/api/checkout']?.post)
  for (const word of [
    'lines',
    'phone',
    'address',
    'subtotal',
    'discount',
    'madeToOrder',
    'shipsBy',
  ])
    expect(text).toContain(`"${word}"`)
})
