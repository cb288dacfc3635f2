import { isCancelledError, queryOptions, type QueryClient } from '@tanstack/react-query'

import { cartContract, type Cart } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { retryDelay, retryTransient } from '@/lib/retry'
import { bearerMeta } from '@/lib/sign-out-on-denied'

/** Every cart query starts with this key. */
export const anyCartKey = ['cart'] as const

export const getCart = (signal?: AbortSignal) => api.call(cartContract.get, { signal })

/**
 * The signed-in buyer's cart as the server keeps it. Keyed by email, so a sign-out
 * or another account never sees it. A passing failure is asked again, as the session is.
 */
export const cartQuery = (email: string) =>
  queryOptions({
    queryKey: [...anyCartKey, email],
    queryFn: ({ signal }) => getCart(signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
    retry: retryTransient,
    retryDelay,
  })

/**
 * The account's cart for a change to build on: the copy on screen, or read now (`fresh`: read
 * even if one is on screen). The read is the cart query's own fetch, and that fetch is cancelled
 * when every part showing the cart unmounts (a re-rendered grid, a page left): the buyer's click
 * or the merge waiting on it did not fail, so the cart is asked again, a few times at most.
 */
export async function readCart(
  queryClient: QueryClient,
  email: string,
  { fresh = false } = {},
): Promise<Cart> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return fresh
        ? await queryClient.fetchQuery({ ...cartQuery(email), staleTime: 0 })
        : await queryClient.ensureQueryData(cartQuery(email))
    } catch (error) {
      if (!isCancelledError(error) || attempt === READ_ATTEMPTS) throw error
    }
  }
}

const READ_ATTEMPTS = 3
