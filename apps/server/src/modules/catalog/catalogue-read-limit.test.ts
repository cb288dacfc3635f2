import { ErrorBodySchema, searchMessages } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'
import { CATALOGUE_READS } from '../../lib/rate-limits.js'

/**
 * The catalogue's reads are limited per address (lib/rate-limits.ts, CATALOGUE_READS): a burst,
 * then a steady rate, one budget for the list, the facets and the suggestions. The app's clock
 * stands still here, so no token comes back unless the test moves it.
 */
const database = useTestDatabase()

async function shopAt(
  onTestFinished: (fn: () => Promise<void>) => void,
  allow: string[] = [],
): Promise<{ app: App; later: (ms: number) => void }> {
  let nowMs = Date.parse('2026-12-07T10:00:00Z')
  const app = await buildTestApp(
    database.current,
    onTestFinished,
    { searchLimitAllow: allow },
    { clock: () => new Date(nowMs) },
  )
  await insertTool(database.current.db, { name: 'Cobalt drill 6 mm' })
  return { app, later: (ms) => (nowMs += ms) }
}

const READS = ['/api/tool', '/api/tool/facets?q=drill', '/api/tool/suggest?q=dri']
const read = (app: App, i: number, remoteAddress: string) =>
  app.inject({ method: 'GET', url: READS[i % READS.length] ?? '/api/tool', remoteAddress })

test('a burst of 60 catalogue reads passes; the next is 429 with Retry-After and the words, per address', async ({
  onTestFinished,
}) => {
  const { app, later } = await shopAt(onTestFinished)
  expect(CATALOGUE_READS).toEqual({ burst: 60, perSecond: 10 })
  for (let i = 0; i < CATALOGUE_READS.burst; i += 1) {
    const res = await read(app, i, '203.0.113.60')
    expect(res.statusCode, `${READS[i % READS.length]}: ${res.body}`).toBe(200)
  }
  for (let i = 0; i < READS.length; i += 1) {
    const res = await read(app, i, '203.0.113.60')
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('1')
    expect(ErrorBodySchema.parse(res.json()).error).toEqual({
      code: 'RATE_LIMITED',
      message: searchMessages.tooManySearches,
    })
  }
  // Another address is untouched.
  expect((await read(app, 0, '203.0.113.61')).statusCode).toBe(200)
  // A tenth of a second gives one read back, then the address waits again.
  later(100)
  expect((await read(app, 0, '203.0.113.60')).statusCode).toBe(200)
  expect((await read(app, 0, '203.0.113.60')).statusCode).toBe(429)
  // One tool page is not a catalogue read: it stays open.
  const one = await app.inject({ method: 'GET', url: '/api/tool', remoteAddress: '203.0.113.62' })
  const [tool] = one.json<{ _id: string }[]>()
  const page = await app.inject({
    method: 'GET',
    url: `/api/tool/${tool?._id ?? ''}`,
    remoteAddress: '203.0.113.60',
  })
  expect(page.statusCode).toBe(200)
})

test('an address on SEARCH_LIMIT_ALLOW (a load generator) is not counted', async ({
  onTestFinished,
}) => {
  const { app } = await shopAt(onTestFinished, ['203.0.113.70'])
  for (let i = 0; i <= CATALOGUE_READS.burst + 5; i += 1)
    expect((await read(app, i, '203.0.113.70')).statusCode).toBe(200)
})
