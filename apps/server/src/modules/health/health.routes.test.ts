import { ErrorBodySchema, HealthSchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { createTestDatabase, useTestDatabase } from '../../../test/database.js'

describe('GET /api/health', () => {
  const database = useTestDatabase()

  test('answers 200 while the database answers', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(HealthSchema.parse(res.json())).toEqual({ status: 'ok', database: 'up' })
  })
})

describe('a database that goes away', () => {
  test('health says 503 and API calls answer 503 JSON once the database is closed', async ({
    onTestFinished,
  }) => {
    const database = await createTestDatabase()
    const app = await buildTestApp(database, onTestFinished)
    await database.close()

    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(503)
    expect(HealthSchema.parse(health.json()).database).toBe('down')

    const list = await app.inject({ method: 'GET', url: '/api/tool' })
    expect(list.statusCode).toBe(503)
    expect(ErrorBodySchema.parse(list.json()).error.code).toBe('UNAVAILABLE')
  })
})
