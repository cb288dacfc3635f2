import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'

import { ApiError } from './api-error'
import { leaveSignedOut, signOut } from './auth'
import { paths } from './paths'

/** Queries and mutations whose 401/403 means "this token is no good" carry this meta. */
export const bearerMeta = { signOutOnDenied: true } as const

/** Whether an error of a bearer call means the token is no good (exported for its test). */
export function isDenied(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || error.status === 403) &&
    // "Verify your e-mail first" is a good token asked for more: it stays signed in.
    error.code !== 'EMAIL_NOT_VERIFIED'
  )
}

/**
 * docs/product.md §8: a 401 or 403 from a bearer call signs the user out, clears the token and goes
 * to /. Calls opt in with `meta: bearerMeta` (Make Admin does not: its 403 is a toast).
 */
export function useSignOutOnDenied(): void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const busy = useRef(false)

  useEffect(() => {
    const handle = (meta: Record<string, unknown> | undefined, error: unknown) => {
      if (!meta?.signOutOnDenied || !isDenied(error) || busy.current) return
      busy.current = true
      void signOut()
        .catch(() => undefined)
        .then(() => leaveSignedOut(navigate, queryClient, paths.home()))
        .finally(() => {
          busy.current = false
        })
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        handle(event.query.meta, event.action.error)
      }
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        handle(event.mutation.meta, event.action.error)
      }
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient, navigate])
}
