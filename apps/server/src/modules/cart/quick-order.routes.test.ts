import {
  CartSchema,
  ErrorBodySchema,
  QUICK_ORDER_LINES_MAX,
  quickOrderMessages as qm,
  QuickOrderRefusedSchema,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'
import { cartLines } from '../../db/schema/index.js'

/** POST /api/cart/quick: paste part numbers and quantities, all added or none. */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db

const quick = (app: App, user: TestUser | undefined, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/cart/quick',
    ...(user && { headers: bearer(user) }),
    payload,
  })
const cartOf = async (app: App, user: TestUser) =>
  CartSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user) })).json(),
  ).lines

/** A small catalogue with every rule in it. */
async function catalogue() {
  const [wrench, screws, washers, saw, custom] = await Promise.all([
    insertTool(db(), { name: 'Torque wrench', partNumber: 'TW-WR-TQ210', quantity: 20 }),
    insertTool(db(), {
      name: 'M8 socket cap screw',
      partNumber: 'FS-SCS-M8-30',
      quantity: 5_000,
      minimum: 100,
      packSize: 50,
    }),
    insertTool(db(), { name: 'M8 washer', partNumber: 'FS-WSH-M8', quantity: 3, packSize: 1 }),
    insertTool(db(), { name: 'Hacksaw', partNumber: 'HT-SAW-300', quantity: 0 }),
    insertTool(db(), {
      name: 'Custom bracket',
      partNumber: 'WH-BRK-01',
      quantity: 0,
      madeToOrder: true,
      leadTimeDays: 10,
    }),
  ])
  return { wrench, screws, washers, saw, custom }
}

describe('POST /api/cart/quick', () => {
  test('good lines in any separator and letter case are added to the cart, added to what is there', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const { wrench, screws, custom } = await catalogue()
    await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: { lines: [{ tool: wrench.id, quantity: 1 }] },
    })

    const res = await quick(app, user, {
      text: 'tw-wr-tq210 2\n\nFS-SCS-M8-30,150\r\nwh-brk-01;\t4\n',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(CartSchema.parse(res.json()).lines).toEqual([
      { tool: wrench.id, quantity: 3 },
      { tool: screws.id, quantity: 150 },
      { tool: custom.id, quantity: 4 },
    ])
    expect(await cartOf(app, user)).toEqual(CartSchema.parse(res.json()).lines)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  test('lines already in the cart keep their places; a touched one changes only its quantity', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const { wrench, screws, washers, custom } = await catalogue()
    await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: {
        lines: [
          { tool: screws.id, quantity: 100 },
          { tool: wrench.id, quantity: 1 },
          { tool: washers.id, quantity: 2 },
        ],
      },
    })

    const res = await quick(app, user, { text: 'WH-BRK-01 1\nTW-WR-TQ210 2' })
    expect(res.statusCode, res.body).toBe(200)
    const expected = [
      { tool: screws.id, quantity: 100 },
      { tool: wrench.id, quantity: 3 },
      { tool: washers.id, quantity: 2 },
      { tool: custom.id, quantity: 1 },
    ]
    expect(CartSchema.parse(res.json()).lines).toEqual(expected)
    // Once more: the order holds as the same lines are added again.
    await quick(app, user, { text: 'WH-BRK-01 1\nTW-WR-TQ210 2' })
    expect(await cartOf(app, user)).toEqual([
      expected[0],
      { tool: wrench.id, quantity: 5 },
      expected[2],
      { tool: custom.id, quantity: 2 },
    ])
  })

  test('takes a list of { partNumber, quantity } too; the same part twice adds up, each line checked alone', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const { wrench, screws } = await catalogue()
    const res = await quick(app, user, {
      lines: [
        { partNumber: 'FS-SCS-M8-30', quantity: 100 },
        { partNumber: 'Tw-Wr-Tq210', quantity: 1 },
        { partNumber: 'fs-scs-m8-30', quantity: 100 },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      lines: [
        { tool: screws.id, quantity: 200 },
        { tool: wrench.id, quantity: 1 },
      ],
    })
  })

  test('every bad line is named with why and a fix, and nothing is added', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const { wrench } = await catalogue()
    await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user),
      payload: { lines: [{ tool: wrench.id, quantity: 1 }] },
    })

    const text = [
      'TW-WR-TQ210 2', // 1: good
      'TW-WR-TQ201 1', // 2: unknown, closest TW-WR-TQ210
      'FS-SCS-M8-30 60', // 3: below the minimum of 100
      'FS-SCS-M8-30 120', // 4: not whole packs of 50: round up to 150
      'FS-WSH-M8 5', // 5: only 3 in stock
      'HT-SAW-300 1', // 6: out of stock
      'ZZZZZZZZ 1', // 7: unknown, nothing close
      'WH-BRK-01', // 8: no quantity
      'WH-BRK-01 two', // 9: not a number
      'WH-BRK-01 40', // 10: made to order: fine beyond the stock
    ].join('\n')
    const res = await quick(app, user, { text })
    expect(res.statusCode, res.body).toBe(422)
    const body = QuickOrderRefusedSchema.parse(res.json())
    expect(body.error.code).toBe('LINES_REFUSED')
    expect(body.error.lines).toEqual([
      {
        line: 2,
        partNumber: 'TW-WR-TQ201',
        kind: 'unknown-part',
        reason: qm.reasons.unknownPartSuggest('TW-WR-TQ210'),
        suggestion: 'TW-WR-TQ210',
      },
      {
        line: 3,
        partNumber: 'FS-SCS-M8-30',
        kind: 'below-minimum',
        reason: qm.reasons.belowMinimum(100),
        suggestion: 100,
      },
      {
        line: 4,
        partNumber: 'FS-SCS-M8-30',
        kind: 'pack-multiple',
        reason: qm.reasons.packMultiple(50, 150),
        suggestion: 150,
      },
      {
        line: 5,
        partNumber: 'FS-WSH-M8',
        kind: 'out-of-stock',
        reason: qm.reasons.outOfStock(3),
        suggestion: 3,
      },
      {
        line: 6,
        partNumber: 'HT-SAW-300',
        kind: 'out-of-stock',
        reason: qm.reasons.outOfStock(0),
        suggestion: null,
      },
      {
        line: 7,
        partNumber: 'ZZZZZZZZ',
        kind: 'unknown-part',
        reason: qm.reasons.unknownPart,
        suggestion: null,
      },
      {
        line: 8,
        partNumber: 'WH-BRK-01',
        kind: 'unreadable',
        reason: qm.reasons.unreadable,
        suggestion: null,
      },
      {
        line: 9,
        partNumber: 'WH-BRK-01',
        kind: 'bad-quantity',
        reason: qm.reasons.badQuantity,
        suggestion: 1,
      },
    ])
    expect(await cartOf(app, user)).toEqual([{ tool: wrench.id, quantity: 1 }])
  })

  test('a deleted tool’s part number is unknown', async () => {
    const app = testApp.current
    const user = await createUser(app)
    await insertTool(db(), { partNumber: 'OLD-001', deletedAt: new Date() })
    const res = await quick(app, user, { text: 'OLD-001 1' })
    expect(res.statusCode).toBe(422)
    expect(QuickOrderRefusedSchema.parse(res.json()).error.lines[0]).toMatchObject({
      line: 1,
      kind: 'unknown-part',
    })
    expect(await db().select().from(cartLines)).toHaveLength(0)
  })

  test('limits: at most 200 lines and 20,000 characters, and not empty, each with its message', async () => {
    const app = testApp.current
    const user = await createUser(app)
    await catalogue()
    const many = Array.from({ length: QUICK_ORDER_LINES_MAX + 1 }, () => 'TW-WR-TQ210 1').join('\n')
    const tooMany = await quick(app, user, { text: many })
    expect(tooMany.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(tooMany.json()).error.message).toBe(
      qm.tooManyLines(QUICK_ORDER_LINES_MAX),
    )
    const list = Array.from({ length: QUICK_ORDER_LINES_MAX + 1 }, () => ({
      partNumber: 'TW-WR-TQ210',
      quantity: 1,
    }))
    const tooManyListed = await quick(app, user, { lines: list })
    expect(tooManyListed.statusCode).toBe(400)
    expect(JSON.stringify(tooManyListed.json())).toContain(qm.tooManyLines(QUICK_ORDER_LINES_MAX))

    const long = await quick(app, user, { text: `TW-WR-TQ210 1${' '.repeat(20_000)}` })
    expect(long.statusCode).toBe(400)
    expect(JSON.stringify(long.json())).toContain(qm.textTooLong(20_000))

    for (const payload of [{ text: ' \n\n ' }, { lines: [] }, {}]) {
      const empty = await quick(app, user, payload)
      expect(empty.statusCode).toBe(400)
      expect(JSON.stringify(empty.json())).toContain(qm.empty)
    }
    expect(await db().select().from(cartLines)).toHaveLength(0)
  })

  test('exactly 200 good lines are added', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const parts = await Promise.all(
      Array.from({ length: QUICK_ORDER_LINES_MAX }, (_, i) =>
        insertTool(db(), { partNumber: `QO-${String(i).padStart(4, '0')}`, quantity: 10 }),
      ),
    )
    const res = await quick(app, user, {
      text: parts.map((t) => `${t.partNumber} 2`).join('\n'),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(CartSchema.parse(res.json()).lines).toHaveLength(QUICK_ORDER_LINES_MAX)
  })

  test('needs a signed-in buyer', async () => {
    const app = testApp.current
    await catalogue()
    const res = await quick(app, undefined, { text: 'TW-WR-TQ210 1' })
    expect(res.statusCode).toBe(401)
  })
})
