import { useQueryClient, type Query, type QueryCache } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'

import { messages } from '@toolworks/shared'

import { isTransient } from '@/lib/api-error'

type ConnectionState = 'ok' | 'retrying' | 'failed'

// The checks every signed-in page waits on; other queries show their own error in the page.
const GATES = new Set<unknown>(['session', 'admin'])

function isRetrying(query: Query): boolean {
  const { fetchStatus, fetchFailureCount, fetchFailureReason } = query.state
  return fetchStatus !== 'idle' && fetchFailureCount > 0 && isTransient(fetchFailureReason)
}

function gaveUp(query: Query): boolean {
  const { status, fetchStatus, error } = query.state
  return (
    GATES.has(query.queryKey[0]) &&
    status === 'error' &&
    fetchStatus === 'idle' &&
    isTransient(error) &&
    query.getObserversCount() > 0
  )
}

function connectionState(cache: QueryCache): ConnectionState {
  const queries = cache.getAll()
  if (queries.some(isRetrying)) return 'retrying'
  return queries.some(gaveUp) ? 'failed' : 'ok'
}

/**
 * A small line at the foot of the screen while a request that failed for a passing reason (no
 * connection, 429, 5xx) is being asked again, and a Retry button when the session or admin check
 * gave up. The page under it stays as it is: nothing typed is lost, nobody is signed out.
 */
export function ConnectionNotice() {
  const queryClient = useQueryClient()
  const cache = queryClient.getQueryCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  // The server's HTML has no failed request to tell about: 'ok', as the browser's
  // first render is.
  const state = useSyncExternalStore(
    subscribe,
    () => connectionState(cache),
    (): ConnectionState => 'ok',
  )

  if (state === 'ok') return null
  const retry = () =>
    void queryClient.refetchQueries({
      predicate: (query) => query.state.status === 'error' && isTransient(query.state.error),
    })
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-fit max-w-[calc(100vw-2rem)] items-center gap-3 rounded-field bg-neutral px-4 py-2 text-sm text-neutral-content shadow-lg"
    >
      {state === 'retrying' && (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      )}
      <span>
        {state === 'retrying' ? messages.site.connectionRetrying : messages.site.connectionFailed}
      </span>
      {state === 'failed' && (
        <button type="button" className="btn btn-xs" onClick={retry}>
          {messages.site.connectionRetry}
        </button>
      )}
    </div>
  )
}
