import { ErrorBodySchema, ToolListSchema, ToolSchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

function minutesAgo(n: number) {
  return new Date(Date.now() - n * 60_000)
}

describe('GET /api/tool', () => {
  test('lists every tool on sale, newest first, with money in currency units', async () => {
    const app = testApp.current
    const { db } = database.current
    await insertTool(db, { name: 'Old vise', createdAt: minutesAgo(30), priceCents: 4550 })
    await insertTool(db, { name: 'New caliper', createdAt: minutesAgo(1), priceCents: 1999 })
    await insertTool(db, { name: 'Gone hammer', createdAt: minutesAgo(5), deletedAt: new Date() })

    const res = await app.inject({ method: 'GET', url: '/api/tool' })

    expect(res.statusCode).toBe(200)
    expect(res.headers['x-total-count']).toBeUndefined()
    const tools = ToolListSchema.parse(res.json())
    expect(tools.map((t) => t.name)).toEqual(['New caliper', 'Old vise'])
    expect(tools[0]?.price).toBe(19.99)
    expect(tools[1]?.price).toBe(45.5)
  })

  test('pages with limit and offset and reports the total in X-Total-Count', async () => {
    const app = testApp.current
    for (let i = 0; i < 5; i++) {
      await insertTool(database.current.db, { name: `Tool ${i}`, createdAt: minutesAgo(10 - i) })
    }

    const res = await app.inject({ method: 'GET', url: '/api/tool?limit=2&offset=1' })

    expect(res.statusCode).toBe(200)
    expect(res.headers['x-total-count']).toBe('5')
    expect(ToolListSchema.parse(res.json()).map((t) => t.name)).toEqual(['Tool 3', 'Tool 2'])
  })

  test.for(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'limit=2.5'])(
    'refuses a bad page query (%s) with a JSON 400',
    async (query) => {
      const app = testApp.current
      const res = await app.inject({ method: 'GET', url: `/api/tool?${query}` })
      expect(res.statusCode).toBe(400)
      const body = ErrorBodySchema.parse(res.json())
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(body.error.fields ?? {})).not.toHaveLength(0)
    },
  )
})

describe('GET /api/tool/{id}', () => {
  test('answers one tool by its id', async () => {
    const app = testApp.current
    const row = await insertTool(database.current.db, {
      name: 'Bench vise',
      priceCents: 12_999,
      quantity: 7,
      minimum: 2,
    })

    const res = await app.inject({ method: 'GET', url: `/api/tool/${row.id}` })

    expect(res.statusCode).toBe(200)
    expect(ToolSchema.parse(res.json())).toEqual({
      _id: row.id,
      name: 'Bench vise',
      image: row.image,
      price: 129.99,
      description: row.description,
      quantity: 7,
      minimum: 2,
      priceBreaks: [],
      packSize: 1,
      madeToOrder: false,
      leadTimeDays: null,
    })
  })

  test.for([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "1' or '1'='1"],
    ['a Mongo-style id', '507f1f77bcf86cd799439011'],
  ] as const)('answers %s with a JSON 404', async ([_label, id]) => {
    const app = testApp.current
    const res = await app.inject({ method: 'GET', url: `/api/tool/${encodeURIComponent(id)}` })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(ErrorBodySchema.parse(res.json()).error.code).toBe('NOT_FOUND')
  })

  test('a deleted tool is no longer found', async () => {
    const app = testApp.current
    const row = await insertTool(database.current.db, { deletedAt: new Date() })
    const res = await app.inject({ method: 'GET', url: `/api/tool/${row.id}` })
    expect(res.statusCode).toBe(404)
  })
})

describe('unknown API paths', () => {
  test.for(['GET /api/nothing-here', 'POST /api/tool/x/y', 'DELETE /api'])(
    '%s is a JSON 404',
    async (line) => {
      const [method, url] = line.split(' ') as ['GET' | 'POST' | 'DELETE', string]
      const app = testApp.current
      const res = await app.inject({ method, url })
      expect(res.statusCode).toBe(404)
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('NOT_FOUND')
    },
  )
})

describe('PUT /api/tool/{id}', () => {
  test('only an admin edits a product; customers cannot change stock or prices', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const customer = await createUser(app)
    const row = await insertTool(database.current.db, { priceCents: 1000, quantity: 5, minimum: 1 })
    const edit = (who: { token: string } | undefined, payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/tool/${row.id}`,
        headers: who ? bearer(who) : {},
        payload,
      })

    expect((await edit(undefined, { price: 0.5 })).statusCode).toBe(401)
    expect((await edit(customer, { price: 1, quantity: 9999 })).statusCode).toBe(403)
    const ok = await edit(admin, { price: 12.5, quantity: 40, minimum: 4, name: 'Renamed vise' })
    expect(ok.statusCode).toBe(200)
    expect(ToolSchema.parse(ok.json())).toMatchObject({
      price: 12.5,
      quantity: 40,
      minimum: 4,
      name: 'Renamed vise',
    })

    const tooHigh = await edit(admin, { minimum: 41 })
    expect(tooHigh.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(tooHigh.json()).error.fields?.minimum).toBeDefined()
    const bad = await edit(admin, { price: 1.234, quantity: -1 })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(ErrorBodySchema.parse(bad.json()).error.fields ?? {}).sort()).toEqual([
      'price',
      'quantity',
    ])
  })
})
