import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'

import { selectRows, type Db } from '../db/client.js'
import { rateLimitCounters as t, rateLimits } from '../db/schema/index.js'
import { createPeriodicTask } from '../lib/periodic-task.js'

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

    // @fastify/rate-limit makes one child store per limited route and hands it the route as
    // `routeInfo`: each route counts on its own, so one route's traffic never uses up another's.
    // Routes that name one `groupId` share one budget (issue 25: /api/purchase and
    // /api/checkout are one budget of orders).
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The typings name the route options; at run time the route sits under routeInfo.
      const { routeInfo: route, groupId } = params as {
        routeInfo?: { method?: string | string[]; url?: string }
        groupId?: string
      }
      const name = groupId
        ? `group ${groupId}:`
        : route?.url
          ? `${[route.method ?? ''].flat().join(',')} ${route.url}:`
          : ''
      const Child = pgRateLimitStore(db, `${prefix}${name}`)
      return new Child({})
    }
  }
  return PgRateLimitStore
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
