import { ToolListSchema, ToolSchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000)

async function names(app: App, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/tool?${query}` })
  expect(res.statusCode).toBe(200)
  return {
    names: ToolListSchema.parse(res.json()).map((t) => t.name),
    total: res.headers['x-total-count'],
  }
}

describe('GET /api/tool: search, sort and pages', () => {
  test('finds tools by the start of the words of their name, and counts the matches', async () => {
    const app = testApp.current
    const { db } = database.current
    await insertTool(db, { name: 'Claw hammer', createdAt: minutesAgo(3) })
    await insertTool(db, { name: 'Sledge Hammer 4 kg', createdAt: minutesAgo(2) })
    await insertTool(db, { name: 'Torque wrench', createdAt: minutesAgo(1) })
    await insertTool(db, { name: 'Hammer drill', deletedAt: new Date() })

    expect(await names(app, 'q=hammer')).toEqual({
      names: ['Sledge Hammer 4 kg', 'Claw hammer'],
      total: '2',
    })
    expect((await names(app, 'q=ham')).names).toEqual(['Sledge Hammer 4 kg', 'Claw hammer'])
    expect((await names(app, 'q=claw ham')).names).toEqual(['Claw hammer'])
    expect((await names(app, 'q=sledge 4')).names).toEqual(['Sledge Hammer 4 kg'])
    expect(await names(app, 'q=chisel')).toEqual({ names: [], total: '0' })
    // Operators of the search syntax are only punctuation here, never an error.
    expect((await names(app, `q=${encodeURIComponent("wrench:* | ' & !(")}`)).names).toEqual([
      'Torque wrench',
    ])
  })

  test('sorts by price either way and by newest, with stable pages', async () => {
    const app = testApp.current
    const { db } = database.current
    await insertTool(db, { name: 'Mid', priceCents: 2000, createdAt: minutesAgo(3) })
    await insertTool(db, { name: 'Cheap', priceCents: 500, createdAt: minutesAgo(1) })
    await insertTool(db, { name: 'Dear', priceCents: 9000, createdAt: minutesAgo(2) })

    expect((await names(app, 'sort=price_asc')).names).toEqual(['Cheap', 'Mid', 'Dear'])
    expect((await names(app, 'sort=price_desc')).names).toEqual(['Dear', 'Mid', 'Cheap'])
    expect((await names(app, 'sort=newest')).names).toEqual(['Cheap', 'Dear', 'Mid'])
    expect(await names(app, 'sort=price_asc&limit=2&offset=2')).toEqual({
      names: ['Dear'],
      total: '3',
    })
    const bad = await app.inject({ method: 'GET', url: '/api/tool?sort=name' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('catalogue answers: ETag and freshness', () => {
  test('a client holding the current version gets 304 without a body', async () => {
    const app = testApp.current
    const row = await insertTool(database.current.db)
    for (const url of ['/api/tool', '/api/tool?limit=8', `/api/tool/${row.id}`]) {
      const first = await app.inject({ method: 'GET', url })
      const etag = first.headers.etag
      expect(etag).toMatch(/^"[\w-]+"$/)
      expect(first.headers['cache-control']).toBe('no-cache')
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(etag) },
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      const other = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': '"something-else"' },
      })
      expect(other.statusCode).toBe(200)
    }
  })

  test('an edit, an order and a delete are seen by the very next read', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const customer = await createUser(app)
    const row = await insertTool(database.current.db, { priceCents: 1000, quantity: 20 })
    const read = async () => {
      const res = await app.inject({ method: 'GET', url: `/api/tool/${row.id}` })
      const list = await app.inject({ method: 'GET', url: '/api/tool' })
      return {
        one: res.statusCode === 200 ? ToolSchema.parse(res.json()) : res.statusCode,
        list: ToolListSchema.parse(list.json()),
        etag: res.headers.etag,
      }
    }
    const before = await read()
    expect(before.one).toMatchObject({ price: 10, quantity: 20 })

    await app.inject({
      method: 'PUT',
      url: `/api/tool/${row.id}`,
      headers: bearer(admin),
      payload: { price: 12 },
    })
    const edited = await read()
    expect(edited.one).toMatchObject({ price: 12 })
    expect(edited.list[0]?.price).toBe(12)
    expect(edited.etag).not.toBe(before.etag)

    const order = await app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(customer),
      payload: { toolsId: row.id, purchaseQuantity: 3, phone: '017', address: 'Dhaka' },
    })
    expect(order.statusCode).toBe(201)
    expect((await read()).one).toMatchObject({ quantity: 17 })

    await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order.json<{ insertedId: string }>().insertedId}`,
      headers: bearer(customer),
    })
    expect((await read()).one).toMatchObject({ quantity: 20 })

    await app.inject({ method: 'DELETE', url: `/api/tool/${row.id}`, headers: bearer(admin) })
    const gone = await read()
    expect(gone.one).toBe(404)
    expect(gone.list).toEqual([])
  })
})
