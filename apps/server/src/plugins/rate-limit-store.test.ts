import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { expect, test } from 'vitest'

import { useTestDatabase } from '../../test/database.js'
import { selectRows } from '../db/client.js'
import { pgRateLimitStore } from './rate-limit-store.js'

const database = useTestDatabase()

async function limitedApp(onTestFinished: (fn: () => Promise<void>) => void) {
  const app = Fastify({ logger: false })
  onTestFinished(() => app.close())
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(database.current.db) })
  app.post('/a', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, () => 'a')
  app.post('/b', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, () => 'b')
  await app.ready()
  return app
}

test('each limited route counts on its own, per address, in the database', async ({
  onTestFinished,
}) => {
  const app = await limitedApp(onTestFinished)
  const hit = async (url: string, ip = '10.0.0.1') =>
    (await app.inject({ method: 'POST', url, remoteAddress: ip })).statusCode

  expect([await hit('/a'), await hit('/a'), await hit('/a')]).toEqual([200, 200, 429])
  // Route /b is untouched by /a's traffic, and another address is untouched by this one's.
  expect([await hit('/b'), await hit('/b'), await hit('/b')]).toEqual([200, 200, 429])
  expect(await hit('/a', '10.0.0.2')).toBe(200)

  const keys = await selectRows<{ key: string }>(
    database.current.db,
    sql`select key from rate_limit_counters order by key`,
  )
  expect(keys.map((k) => k.key)).toEqual([
    'POST /a:10.0.0.1',
    'POST /a:10.0.0.2',
    'POST /b:10.0.0.1',
  ])
})
