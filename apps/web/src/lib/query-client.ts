import { QueryClient } from '@tanstack/react-query'

import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@toolworks/shared'

import { ApiError, isTransient } from './api-error'
import { retryDelay } from './retry'

const RETRIES = 2

/**
 * A 4xx answer will not change by asking again; a network or server failure, a timeout (408) or
 * "too many requests" (429, after its Retry-After) might.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && !isTransient(error)) return false
  return failureCount < RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * Puts the answers the server wrote into the page (the first paint does not wait for
 * an API round trip) into the cache under their query keys, then removes the block. They are
 * the same bytes the API would send, so they skip the response parse: the first screen needs
 * no schema work.
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID)
  if (!element) return
  element.remove()
  try {
    const { queries } = JSON.parse(element.textContent || '{}') as Partial<InitialData>
    for (const { key, data } of queries ?? []) queryClient.setQueryData(key, data)
  } catch {
    // A damaged block only costs the round trip it was meant to save.
  }
}
