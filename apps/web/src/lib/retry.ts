import { ApiError, isTransient } from './api-error'

/** The first retry waits about this long; each later one about twice as long as the one before. */
const BASE_DELAY_MS = 1000
/** No wait is longer than this, whatever the count. */
const MAX_DELAY_MS = 30_000
/** A `Retry-After` beyond this is read as this: the person is looking at the page. */
const MAX_RETRY_AFTER_MS = 60_000

/**
 * How long to wait before asking again (TanStack Query's `retryDelay`; `failureCount` is 0 after
 * the first failure). The server's `Retry-After` wins when it sent one. Otherwise exponential
 * backoff with jitter, so the many visitors behind one shared address who met the same 429 do
 * not all come back in the same instant.
 */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS)
  }
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** failureCount, MAX_DELAY_MS)
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

/**
 * For the checks every signed-in page stands on (the session, the admin role): a transient
 * failure is asked again, a few times with growing waits (about 1, 2, 4, 8 and 16 s: half a
 * minute in all). After that the connection notice offers a Retry button; nobody is signed out.
 */
export const GATE_RETRIES = 5

export function retryTransient(failureCount: number, error: unknown): boolean {
  return isTransient(error) && failureCount < GATE_RETRIES
}
