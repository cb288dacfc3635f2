import { LRUCache } from 'lru-cache'

/**
 * How many counters one process keeps. The keys are addresses, accounts and e-mails the
 * clients choose, so the map is bounded: past it the least recently counted key is forgotten
 * (its window starts again), which costs a client that sends from tens of thousands of
 * addresses nothing it could not already get by sending from new ones.
 */
const COUNTERS_KEPT = 100_000

export type MemoryCount = { current: number; ttl: number }

/**
 * Fixed-window counters in this process's memory: the limits' stand-in while their shared
 * store (Redis, or the database) does not answer, so a limit is enforced per process rather
 * than not at all (plugins/rate-limit-store.ts, lib/redis.ts).
 */
export function createMemoryCounters(max = COUNTERS_KEPT) {
  const windows = new LRUCache<string, { count: number; startMs: number }>({ max })
  return {
    /** Counts one hit of `key`: the hits in its window so far, and the window's time left (ms). */
    hit(key: string, windowMs: number, now = Date.now()): MemoryCount {
      const kept = windows.get(key)
      const window =
        kept && kept.startMs + windowMs > now
          ? { count: kept.count + 1, startMs: kept.startMs }
          : { count: 1, startMs: now }
      windows.set(key, window)
      return { current: window.count, ttl: Math.max(0, window.startMs + windowMs - now) }
    },
  }
}

export type MemoryCounters = ReturnType<typeof createMemoryCounters>

/**
 * Token buckets in this process's memory: each key may spend `burst` at once, then
 * `perSecond` on average. `take` answers 0 when the key may go on, else the milliseconds until
 * its next token. Bounded like the counters above.
 */
export function createTokenBuckets({
  burst,
  perSecond,
  max = COUNTERS_KEPT,
}: {
  burst: number
  perSecond: number
  max?: number
}) {
  const buckets = new LRUCache<string, { tokens: number; atMs: number }>({ max })
  return {
    take(key: string, now: number): number {
      const kept = buckets.get(key)
      const refilled = kept ? ((now - kept.atMs) * perSecond) / 1000 : burst
      const tokens = Math.min(burst, (kept?.tokens ?? 0) + Math.max(0, refilled))
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, atMs: now })
        return 0
      }
      buckets.set(key, { tokens, atMs: now })
      return Math.ceil(((1 - tokens) * 1000) / perSecond)
    },
  }
}
