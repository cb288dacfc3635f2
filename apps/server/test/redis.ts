import { randomUUID } from 'node:crypto'

import { Redis } from 'ioredis'

import type { Config } from '../src/config.js'

/**
 * The machine's Redis for tests (TEST_REDIS_URL, else 127.0.0.1:6379 database 15). Test files
 * run in parallel on one Redis, so each test writes under a key prefix of its own and deletes
 * only that prefix's keys afterwards: no FLUSHDB, no collisions.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15'

/** The same Redis reached through another port (a test's TCP proxy), same database. */
export function redisUrlOnPort(port: number): string {
  const url = new URL(TEST_REDIS_URL)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return url.href
}

/**
 * A key prefix for this test, a client that reads Redis directly (without the prefix), and
 * the config block for the app; the prefix's keys are deleted when the test finishes.
 */
export function useRedisPrefix(
  onTestFinished: (fn: () => Promise<void>) => void,
  url = TEST_REDIS_URL,
): { prefix: string; direct: Redis; config: NonNullable<Config['redis']> } {
  const prefix = `test:${randomUUID()}:`
  const direct = new Redis(TEST_REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
  onTestFinished(async () => {
    const keys = await direct.keys(`${prefix}*`)
    if (keys.length > 0) await direct.del(...keys)
    await direct.quit()
  })
  return { prefix, direct, config: { url, keyPrefix: prefix } }
}
