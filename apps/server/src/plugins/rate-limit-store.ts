import { createRequire } from 'node:module'

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'

import { selectRows, type Db } from '../db/client.js'
import { rateLimitCounters as t, rateLimits } from '../db/schema/index.js'
import { createMemoryCounters, type MemoryCounters } from '../lib/memory-counters.js'
import { createPeriodicTask } from '../lib/periodic-task.js'

// @fastify/rate-limit's own Redis store (its Lua: INCR and PEXPIRE in one step) ships without
// typings; this is its constructor. Only the naming of its child stores is ours (below).
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore

/**
 * The name of a child store's counters. @fastify/rate-limit makes one child store per limited
 * route and hands it the route as `routeInfo`: each route counts on its own, so one route's
 * traffic never uses up another's. Routes that name one `groupId` share one budget
 * (/api/purchase and /api/checkout are one budget of orders). Limiters made with
 * `createRateLimit` have no route; their keys name their kind.
 */
function counterName(params: Parameters<FastifyRateLimitStore['child']>[0]): string {
  // The typings name the route options; at run time the route sits under routeInfo.
  const { routeInfo: route, groupId } = params as {
    routeInfo?: { method?: string | string[]; url?: string }
    groupId?: string
  }
  if (groupId) return `group ${groupId}:`
  return route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}:` : ''
}

type Store = FastifyRateLimitStore
type StoreParams = Parameters<Store['child']>[0]
type Counted = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Counted) => void

/** How long a shared store that failed is left alone, its counts kept in memory meanwhile. */
export const STORE_RETRY_AFTER_MS = 5_000

/**
 * Whether the shared store is worth asking: `ready` (Redis connected) and no failure in the
 * last STORE_RETRY_AFTER_MS. A Redis that hangs with its connection open costs one command
 * timeout per process per pause, not one per request.
 */
export type StoreBreaker = { usable(): boolean; failed(): void; recovered(): void }

export function createStoreBreaker(
  ready: () => boolean = () => true,
  retryAfterMs = STORE_RETRY_AFTER_MS,
): StoreBreaker {
  let pausedUntil = 0
  return {
    usable: () => ready() && Date.now() >= pausedUntil,
    failed: () => {
      pausedUntil = Date.now() + retryAfterMs
    },
    recovered: () => {
      pausedUntil = 0
    },
  }
}

/**
 * A store that counts in the shared one and, whenever that fails or is paused, in this
 * process's memory under the same counter names: a limit is then enforced per process, never
 * skipped, and the shared store counts again as soon as it answers. Nothing fails open.
 */
export function withMemoryFallback(
  root: (params: object) => Store,
  breaker: StoreBreaker,
  memory: MemoryCounters = createMemoryCounters(),
): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    private readonly shared: Store

    constructor(
      params: object,
      shared?: Store,
      private readonly prefix = '',
    ) {
      this.shared = shared ?? root(params)
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      const inMemory = () => callback(null, memory.hit(`${this.prefix}${key}`, timeWindow))
      if (!breaker.usable()) return inMemory()
      const answered = (error: Error | null, result?: Counted) => {
        if (!error && result) return callback(null, result)
        breaker.failed()
        inMemory()
      }
      try {
        this.shared.incr(key, answered, timeWindow, max)
      } catch {
        answered(new Error('rate-limit store threw'))
      }
    }

    child(params: StoreParams): Store {
      return new FallbackStore(params, this.shared.child(params), this.prefix + counterName(params))
    }
  }
  return FallbackStore
}

/** The counters in PostgreSQL: one atomic upsert per hit, across every server process. */
function pgStore(db: Db, prefix: string): Store {
  return {
    incr(key, callback, timeWindow) {
      const now = Date.now()
      const fullKey = `${prefix}${key}`
      const expired = sql`${t.windowStartMs} + ${timeWindow} <= ${now}`
      selectRows<{ count: number; window_start_ms: string | number }>(
        db,
        sql`insert into ${t} (key, count, window_start_ms, window_ms)
            values (${fullKey}, 1, ${now}, ${timeWindow})
            on conflict (key) do update set
              count = case when ${expired} then 1 else ${t.count} + 1 end,
              window_start_ms = case when ${expired} then ${now} else ${t.windowStartMs} end,
              window_ms = ${timeWindow}
            returning count, window_start_ms`,
      ).then(
        ([row]) => {
          const started = Number(row?.window_start_ms ?? now)
          callback(null, { current: row?.count ?? 1, ttl: Math.max(0, started + timeWindow - now) })
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    },
    child: (params) => pgStore(db, `${prefix}${counterName(params)}`),
  }
}

/**
 * A @fastify/rate-limit store in PostgreSQL, so a limit holds across every server process on
 * the database; while the database fails, counted in this process's memory.
 */
export function pgRateLimitStore(db: Db, prefix = ''): FastifyRateLimitStoreCtor {
  return withMemoryFallback(() => pgStore(db, prefix), createStoreBreaker())
}

/** The counters in Redis, through @fastify/rate-limit's own Redis store. */
function redisStore(
  redis: Redis,
  prefix: string,
  params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
): Store {
  const store = new RedisStore(
    params.continueExceeding ?? false,
    params.exponentialBackoff ?? false,
    redis,
    prefix,
  )
  return {
    incr: (key, callback, timeWindow, max) => store.incr(key, callback, timeWindow, max),
    // The typings name the route options; at run time they are the merged limit options.
    child: (child) => redisStore(redis, `${prefix}${counterName(child)}`, child as typeof params),
  }
}

/**
 * The limits in Redis (REDIS_URL), with the same counters as the PostgreSQL store: per route,
 * per `groupId`, per limiter. While Redis is down, hangs or errs, every limit, the credential
 * ones included, counts in this process's memory (withMemoryFallback); Redis counts again from
 * its next answer after it is back.
 */
export function redisRateLimitStore(
  redis: Redis,
  prefix = 'rate-limit:',
): FastifyRateLimitStoreCtor {
  const breaker = createStoreBreaker(() => redis.status === 'ready')
  redis.on('ready', () => breaker.recovered())
  return withMemoryFallback((params) => redisStore(redis, prefix, params), breaker)
}

/**
 * Deletes the counters whose window has ended: ours by each row's own window,
 * Better Auth's (`rate_limit`, all of whose windows are `authWindowMs` or shorter) once their
 * last request is older than that. A row deleted is a window that would restart at its next
 * hit anyway, so racing an increment changes no verdict. Answers how many rows went.
 */
export async function sweepRateLimits(db: Db, authWindowMs: number, now = Date.now()) {
  const ours = await db
    .delete(t)
    .where(sql`${t.windowStartMs} + ${t.windowMs} <= ${now}`)
    .returning({ key: t.key })
  const theirs = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.lastRequest} + ${authWindowMs} <= ${now}`)
    .returning({ key: rateLimits.key })
  return ours.length + theirs.length
}

/** The sweep on a timer in every server process (lib/periodic-task.ts). */
export function createRateLimitSweeper({
  db,
  authWindowMs,
  intervalMs,
  log,
}: {
  db: Db
  authWindowMs: number
  intervalMs: number
  log: { error(obj: object, msg: string): void }
}) {
  return createPeriodicTask({
    run: () => sweepRateLimits(db, authWindowMs),
    intervalMs,
    log,
    failure: 'rate-limit sweep failed; retried next time',
  })
}
