import { queryOptions } from '@tanstack/react-query'

import { cartContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { retryDelay, retryTransient } from '@/lib/retry'
import { bearerMeta } from '@/lib/sign-out-on-denied'

/** Every cart query starts with this key. */
export const anyCartKey = ['cart'] as const

export const getCart = (signal?: AbortSignal) => api.call(cartContract.get, { signal })

/**
 * The signed-in buyer's cart as the server keeps it (issue 14). Keyed by email, so a sign-out
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
