import { CartSchema, ErrorBodySchema, messages } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, signUp, type TestUser } from '../../../test/accounts.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'
import { cartLines, tools } from '../../db/schema/index.js'

/** GET/PUT /api/cart (issue 14): the signed-in buyer's cart, kept by the server. */
const database = useTestDatabase()
const db = () => database.current.db

const put = (app: App, user: TestUser, lines: object[]) =>
  app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(user), payload: { lines } })
const get = (app: App, user: TestUser) =>
  app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })

describe('the server cart', () => {
  test('PUT replaces the whole cart and GET answers it in the buyer’s order, privately, uncached', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const user = await signUp(app)
    const other = await signUp(app)
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

  test('a tool deleted since it was added is left out of the answer', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const user = await signUp(app)
    const [a, b] = await Promise.all([insertTool(db()), insertTool(db())])
    await put(app, user, [
      { tool: a.id, quantity: 1 },
      { tool: b.id, quantity: 1 },
    ])
    await db().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, a.id))
    expect((await get(app, user)).json()).toEqual({ lines: [{ tool: b.id, quantity: 1 }] })
  })

  test('a line that could never be ordered is refused by name; more than the stock is kept', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const user = await signUp(app)
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

  test('the cart is for signed-in accounts; more than 50 lines are refused', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const user = await signUp(app)
    expect((await app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'PUT', url: '/api/cart', payload: { lines: [] } })).statusCode,
    ).toBe(401)
    const many = Array.from({ length: 51 }, (_, i) => ({
      tool: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      quantity: 1,
    }))
    const res = await put(app, user, many)
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).error.fields).toEqual({
      lines: messages.cartRules.tooManyLines(50),
    })
  })
})

test('the OpenAPI document shows the cart and checkout routes with their words', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
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
