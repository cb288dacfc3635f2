import { ErrorBodySchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { createTestDatabase } from '../../../test/database.js'
import { startTcpProxy } from '../../../test/tcp-proxy.js'
import { openDatabase } from '../../db/client.js'

// Only a networked database can vanish and come back; PGlite lives inside the process.
describe('PostgreSQL that goes away and comes back', () => {
  test('the server recovers by itself when PostgreSQL comes back', async ({ onTestFinished }) => {
    const target = await createTestDatabase()
    onTestFinished(() => target.close())
    const url = new URL(target.url ?? '')
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    onTestFinished(() => proxy.close())
    url.port = String(proxy.port)
    const database = await openDatabase({ kind: 'pg', url: url.toString() })
    onTestFinished(() => database.close())
    const app = await buildTestApp(database, onTestFinished)

    expect((await app.inject({ method: 'GET', url: '/api/tool' })).statusCode).toBe(200)

    await proxy.cut()
    // A read the cache has not seen must ask the database (a cached answer may still be served).
    const during = await app.inject({ method: 'GET', url: '/api/tool?limit=5' })
    expect(during.statusCode).toBe(503)
    expect(ErrorBodySchema.parse(during.json()).error.code).toBe('UNAVAILABLE')
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503)

    await proxy.restore()
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/tool?limit=5' })).statusCode).toBe(200)
  })
})
