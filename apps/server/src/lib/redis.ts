import type { BetterAuthOptions } from 'better-auth'
import { Redis } from 'ioredis'

import { createMemoryCounters, type MemoryCounters } from './memory-counters.js'

type Log = { warn(obj: object, msg: string): void }

/** Better Auth's `secondaryStorage`: the interface its sessions and rate limits use. */
export type SecondaryStorage = NonNullable<BetterAuthOptions['secondaryStorage']>

/**
 * How long one Redis call may take before it counts as failed. A dead or hung Redis must
 * answer fast: a limit counts in memory instead and a session comes from the database within
 * this, not after a TCP timeout.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500
const CONNECT_TIMEOUT_MS = 1_000
/** Reconnect attempts back off up to this; ioredis keeps trying for as long as the app runs. */
const RECONNECT_MAX_MS = 2_000

/**
 * The app's one Redis client (REDIS_URL). Commands never wait in a queue while the connection
 * is down (enableOfflineQueue false) and are never retried: they fail at once, and the caller
 * falls back (plugins/rate-limit-store.ts, secondaryStorage below). The client reconnects by itself, so
 * limits count in Redis again as soon as it is back.
 */
export function createRedis({
  url,
  keyPrefix,
  log,
}: {
  url: string
  keyPrefix: string
  log: Log
}): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
  })
  // One line per outage, not one per reconnect attempt; without a listener ioredis would log
  // every failed attempt as an unhandled error event.
  let down = false
  redis.on('error', (error: Error) => {
    if (down) return
    down = true
    log.warn(
      { err: error },
      'redis unavailable: limits count in this process, sessions come from the database',
    )
  })
  redis.on('ready', () => {
    down = false
  })
  return redis
}

/**
 * Waits (at most the connect timeout) for the first connection, so the first requests after a
 * start count in Redis instead of failing over. A Redis that is down at start delays nothing
 * further: the shop starts, and the client keeps reconnecting. Answers whether it is ready.
 */
export async function redisReady(redis: Redis, timeoutMs = CONNECT_TIMEOUT_MS): Promise<boolean> {
  if (redis.status === 'ready') return true
  return new Promise<boolean>((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      resolve(ready)
    }
    const onReady = () => done(true)
    const timer = setTimeout(() => done(false), timeoutMs)
    redis.once('ready', onReady)
  })
}

/** Closes the client without waiting on a Redis that is gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect())
    return
  }
  redis.disconnect()
}

/** Where Better Auth's keys live inside the shop's prefix, so they can be dropped together. */
const AUTH_NAMESPACE = 'auth:'

/**
 * Better Auth's secondaryStorage on Redis. No call ever throws: a Redis that
 * fails or times out must not sign anyone out. A failed read answers "not there", and Better
 * Auth then reads the session from the database, where every session is also kept
 * (`session.storeSessionInDatabase`). Its own rate-limit counter (`increment`) counts in this
 * process's memory while Redis fails, so its limits hold per process rather than not at all.
 *
 * A write or delete that fails may leave Redis holding what the database no longer has: a
 * session signed out or revoked by a password reset while Redis was away would answer again
 * once it is back. So after a lost connection or a failed write, Redis is not read ("dirty":
 * every session comes from the database) until Better Auth's keys have been dropped; a dropped
 * copy costs a database read, never a sign-out.
 */
export function redisSecondaryStorage(
  redis: Redis,
  log: Log,
  memory: MemoryCounters = createMemoryCounters(),
): SecondaryStorage {
  const keyPrefix = redis.options.keyPrefix ?? ''
  const k = (key: string) => `${AUTH_NAMESPACE}${key}`
  let dirty = false
  let purging: Promise<void> | undefined

  /** Drops every Better Auth key (SCAN answers whole keys; DEL adds the client's prefix). */
  async function purge() {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${keyPrefix}${AUTH_NAMESPACE}*`,
        'COUNT',
        500,
      )
      cursor = next
      if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(keyPrefix.length)))
    } while (cursor !== '0')
  }
  function purgeSoon() {
    purging ??= purge()
      .then(() => {
        dirty = false
      })
      .catch(() => {
        // Still dirty: the next reconnect or failed write tries again.
      })
      .finally(() => {
        purging = undefined
      })
  }
  function markDirty() {
    dirty = true
    if (redis.status === 'ready') purgeSoon()
  }
  redis.on('close', () => {
    dirty = true
  })
  redis.on('ready', () => {
    if (dirty) purgeSoon()
  })

  // While the connection is down the outage is logged once (createRedis); a call that fails
  // on a live connection (a timeout, an error reply) is logged each time.
  const failed = (operation: string) => (error: unknown) => {
    if (redis.status === 'ready')
      log.warn({ err: error, operation }, 'redis secondary storage failed; database used instead')
    return null
  }
  const lost = (operation: string) => (error: unknown) => {
    failed(operation)(error)
    markDirty()
  }
  return {
    get: (key) => (dirty ? null : redis.get(k(key)).catch(failed('get'))),
    getAndDelete: (key) => redis.getdel(k(key)).catch(lost('getAndDelete')),
    set: async (key, value, ttl) => {
      const write = ttl && ttl > 0 ? redis.set(k(key), value, 'EX', ttl) : redis.set(k(key), value)
      await write.catch(lost('set'))
    },
    delete: async (key) => {
      await redis.del(k(key)).catch(lost('delete'))
    },
    increment: async (key, ttl) => {
      if (redis.status !== 'ready') return memory.hit(key, ttl * 1000).current
      try {
        // INCR then EXPIRE NX in one round trip: the window starts at the first hit and later
        // hits never extend it (Better Auth's contract for this call).
        const results = await redis.multi().incr(k(key)).expire(k(key), ttl, 'NX').exec()
        const count = results?.[0]?.[1]
        return typeof count === 'number' ? count : 1
      } catch (error) {
        failed('increment')(error)
        return memory.hit(key, ttl * 1000).current
      }
    },
  }
}
