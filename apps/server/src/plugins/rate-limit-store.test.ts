import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import { expect, test } from 'vitest'

import { useTestDatabase } from '../../test/database.js'
import { redisUrlOnPort, useRedisPrefix } from '../../test/redis.js'
import { freePort } from '../../test/sslcommerz.js'
import { selectRows } from '../db/client.js'
import { createRedis, redisReady } from '../lib/redis.js'
import {
  createStoreBreaker,
  pgRateLimitStore,
  redisRateLimitStore,
  withMemoryFallback,
} from './rate-limit-store.js'

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

test('in Redis, each route counts on its own and routes of one groupId share one budget', async ({
  onTestFinished,
}) => {
  const { config, direct, prefix } = useRedisPrefix(onTestFinished)
  const redis = createRedis({ ...config, log: { warn: () => {} } })
  expect(await redisReady(redis)).toBe(true)
  const app = Fastify({ logger: false })
  onTestFinished(async () => {
    await app.close()
    redis.disconnect()
  })
  await app.register(rateLimit, { global: false, store: redisRateLimitStore(redis) })
  const limit = { max: 2, timeWindow: 60_000 }
  app.post('/a', { config: { rateLimit: limit } }, () => 'a')
  app.post('/b', { config: { rateLimit: limit } }, () => 'b')
  app.post('/c', { config: { rateLimit: { ...limit, groupId: 'cd' } } }, () => 'c')
  app.post('/d', { config: { rateLimit: { ...limit, groupId: 'cd' } } }, () => 'd')
  await app.ready()
  const hit = async (url: string, ip = '10.0.0.1') =>
    (await app.inject({ method: 'POST', url, remoteAddress: ip })).statusCode

  expect([await hit('/a'), await hit('/a'), await hit('/a')]).toEqual([200, 200, 429])
  expect([await hit('/b'), await hit('/b'), await hit('/b')]).toEqual([200, 200, 429])
  expect(await hit('/a', '10.0.0.2')).toBe(200)
  // /c and /d are one budget of two.
  expect([await hit('/c'), await hit('/d'), await hit('/d')]).toEqual([200, 200, 429])

  const keys = (await direct.keys(`${prefix}*`)).map((k) => k.slice(prefix.length)).sort()
  expect(keys).toEqual([
    'rate-limit:POST /a:10.0.0.1',
    'rate-limit:POST /a:10.0.0.2',
    'rate-limit:POST /b:10.0.0.1',
    'rate-limit:group cd:10.0.0.1cd',
  ])
  // Counters expire with their window: Redis deletes them, no sweep needed.
  const ttl = await direct.pttl(`${prefix}rate-limit:POST /a:10.0.0.1`)
  expect(ttl).toBeGreaterThan(0)
  expect(ttl).toBeLessThanOrEqual(60_000)
  const counted = await selectRows<{ n: number }>(
    database.current.db,
    sql`select count(*)::int as n from rate_limit_counters`,
  )
  expect(counted[0]?.n).toBe(0)
})

/** A shared store that always fails, counting how often it was asked. */
function failingStore() {
  const asked = { count: 0 }
  const store: FastifyRateLimitStore = {
    incr(_key, callback) {
      asked.count += 1
      callback(new Error('store down'))
    },
    child: () => store,
  }
  return { asked, root: () => store }
}

async function appOn(
  store: FastifyRateLimitStoreCtor,
  onTestFinished: (fn: () => Promise<void>) => void,
) {
  const app = Fastify({ logger: false })
  onTestFinished(() => app.close())
  // skipOnError as app.ts registers it: a store error would be a 500, never a pass.
  await app.register(rateLimit, { global: false, skipOnError: false, store })
  const limit = { max: 2, timeWindow: 60_000 }
  app.post('/a', { config: { rateLimit: limit } }, () => 'a')
  app.post('/b', { config: { rateLimit: limit } }, () => 'b')
  app.post('/c', { config: { rateLimit: { ...limit, groupId: 'cd' } } }, () => 'c')
  app.post('/d', { config: { rateLimit: { ...limit, groupId: 'cd' } } }, () => 'd')
  await app.ready()
  return async (url: string, ip = '10.0.0.1') =>
    (await app.inject({ method: 'POST', url, remoteAddress: ip })).statusCode
}

test('a shared store that fails: every limit counts in memory, per route and per group, and the store is left alone a while', async ({
  onTestFinished,
}) => {
  const { asked, root } = failingStore()
  const breaker = createStoreBreaker()
  const hit = await appOn(withMemoryFallback(root, breaker), onTestFinished)

  expect([await hit('/a'), await hit('/a'), await hit('/a')]).toEqual([200, 200, 429])
  expect([await hit('/b'), await hit('/b'), await hit('/b')]).toEqual([200, 200, 429])
  expect(await hit('/a', '10.0.0.2')).toBe(200)
  expect([await hit('/c'), await hit('/d'), await hit('/d')]).toEqual([200, 200, 429])
  // Asked once; after its failure it is paused, not asked on every request.
  expect(asked.count).toBe(1)
  expect(breaker.usable()).toBe(false)
  breaker.recovered()
  expect(breaker.usable()).toBe(true)
})

test('a Redis that cannot be reached (a closed port): limits still hold, counted in this process', async ({
  onTestFinished,
}) => {
  const { config } = useRedisPrefix(onTestFinished, redisUrlOnPort(await freePort()))
  const redis = createRedis({ ...config, log: { warn: () => {} } })
  onTestFinished(async () => {
    redis.disconnect()
  })
  expect(await redisReady(redis, 200)).toBe(false)
  const hit = await appOn(redisRateLimitStore(redis), onTestFinished)

  expect([await hit('/a'), await hit('/a'), await hit('/a')]).toEqual([200, 200, 429])
  expect(await hit('/a', '10.0.0.2')).toBe(200)
  expect([await hit('/c'), await hit('/d'), await hit('/d')]).toEqual([200, 200, 429])
})
