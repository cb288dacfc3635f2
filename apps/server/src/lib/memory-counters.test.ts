import { expect, test } from 'vitest'

import { createMemoryCounters, createTokenBuckets } from './memory-counters.js'

test('a memory counter counts hits in a fixed window and starts again when it ends', () => {
  const counters = createMemoryCounters()
  expect(counters.hit('a', 1_000, 0)).toEqual({ current: 1, ttl: 1_000 })
  expect(counters.hit('a', 1_000, 400)).toEqual({ current: 2, ttl: 600 })
  expect(counters.hit('b', 1_000, 400)).toEqual({ current: 1, ttl: 1_000 })
  expect(counters.hit('a', 1_000, 1_000)).toEqual({ current: 1, ttl: 1_000 })
})

test('memory counters are bounded: past the bound the least recent key starts again', () => {
  const counters = createMemoryCounters(2)
  counters.hit('a', 1_000, 0)
  counters.hit('a', 1_000, 0)
  counters.hit('b', 1_000, 0)
  counters.hit('c', 1_000, 0)
  expect(counters.hit('a', 1_000, 0).current).toBe(1)
})

test('a token bucket lets a burst through, then one per 1/rate, and tells the wait', () => {
  const buckets = createTokenBuckets({ burst: 3, perSecond: 10 })
  expect([0, 0, 0].map(() => buckets.take('a', 0))).toEqual([0, 0, 0])
  expect(buckets.take('a', 0)).toBe(100)
  expect(buckets.take('a', 50)).toBe(50)
  expect(buckets.take('a', 100)).toBe(0)
  expect(buckets.take('a', 100)).toBe(100)
  // A long pause refills it to the burst, never past it.
  expect([0, 0, 0].map(() => buckets.take('a', 60_000))).toEqual([0, 0, 0])
  expect(buckets.take('a', 60_000)).toBeGreaterThan(0)
  expect(buckets.take('b', 0)).toBe(0)
})
