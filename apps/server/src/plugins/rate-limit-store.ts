import { createRequire } from 'node:module'

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'

import { selectRows, type Db } from '../db/client.js'
import { rateLimitCounters as t, rateLimits } from '../db/schema/index.js'
import { AppError } from '../lib/app-error.js'
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
 * traffic never uses up another's. Routes that name one `groupId` share one budget (issue 25:
 * /api/purchase and /api/checkout are one budget of orders). Limiters made with
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

/**
 * A @fastify/rate-limit store in PostgreSQL: one atomic upsert per hit, so a limit holds
 * across every server process on the database.
 */
export function pgRateLimitStore(db: Db, prefix = ''): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
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
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const Child = pgRateLimitStore(db, `${prefix}${counterName(params)}`)
      return new Child({})
    }
  }
  return PgRateLimitStore
}

/**
 * The limits in Redis (REDIS_URL, issue 31 §2) through @fastify/rate-limit's own Redis store,
 * with the same counters as the PostgreSQL store: per route, per `groupId`, per limiter. A
 * Redis that fails answers UNAVAILABLE; routes limited with `skipOnError` (every route but the
 * credential ones, app.ts and lib/rate-limits.ts) then let the request through.
 */
export function redisRateLimitStore(
  redis: Redis,
  prefix = 'rate-limit:',
): FastifyRateLimitStoreCtor {
  class RedisRateLimitStore implements FastifyRateLimitStore {
    private readonly store: FastifyRateLimitStore

    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.store = new RedisStore(
        params.continueExceeding ?? false,
        params.exponentialBackoff ?? false,
        redis,
        prefix,
      )
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      this.store.incr(
        key,
        (error, result) => (error ? callback(new AppError('UNAVAILABLE')) : callback(null, result)),
        timeWindow,
        max,
      )
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const Child = redisRateLimitStore(redis, `${prefix}${counterName(params)}`)
      return new Child(params)
    }
  }
  return RedisRateLimitStore
}

/**
 * Deletes the counters whose window has ended (issue 25): ours by each row's own window,
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
