import { describe, expect, test } from 'vitest'

import { ApiError, isTransient, parseRetryAfter } from './api-error'
import { GATE_RETRIES, retryDelay, retryTransient } from './retry'

describe('retry policy', () => {
  test('waits as long as the server asked with Retry-After, up to a minute', () => {
    const asked = new ApiError({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 7000 })
    expect(retryDelay(0, asked)).toBe(7000)
    const tooLong = new ApiError({ status: 503, code: 'UNAVAILABLE', retryAfterMs: 3_600_000 })
    expect(retryDelay(0, tooLong)).toBe(60_000)
  })

  test('without Retry-After the waits grow, within half to all of 1, 2, 4 … s, never over 30 s', () => {
    const error = new ApiError({ status: 503, code: 'UNAVAILABLE' })
    for (const [count, ceiling] of [
      [0, 1000],
      [1, 2000],
      [2, 4000],
      [3, 8000],
      [10, 30_000],
    ] as const) {
      const delay = retryDelay(count, error)
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2)
      expect(delay).toBeLessThanOrEqual(ceiling)
    }
  })

  test('only passing failures are asked again, a few times', () => {
    const transient = [
      new ApiError({ status: 0, code: 'NETWORK' }),
      new ApiError({ status: 200, code: 'INVALID_RESPONSE' }),
      new ApiError({ status: 408, code: 'VALIDATION_FAILED' }),
      new ApiError({ status: 429, code: 'RATE_LIMITED' }),
      new ApiError({ status: 500, code: 'INTERNAL' }),
      new ApiError({ status: 503, code: 'UNAVAILABLE' }),
    ]
    for (const error of transient) {
      expect(isTransient(error)).toBe(true)
      expect(retryTransient(0, error)).toBe(true)
      expect(retryTransient(GATE_RETRIES, error)).toBe(false)
    }
    for (const status of [400, 401, 403, 404, 409]) {
      const error = new ApiError({ status, code: 'VALIDATION_FAILED' })
      expect(isTransient(error)).toBe(false)
      expect(retryTransient(0, error)).toBe(false)
    }
    expect(isTransient(new Error('a bug'))).toBe(false)
  })

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
