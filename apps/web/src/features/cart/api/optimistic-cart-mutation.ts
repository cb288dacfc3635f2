import type { QueryClient, UseMutationOptions } from '@tanstack/react-query'

import { queryKeys, type Cart } from '@toolworks/shared'

import { isTransient } from '@/lib/api-error'
import { getErrorMessage } from '@/lib/get-error-message'
import { showToast } from '@/lib/lazy-toast'
import { retryDelay } from '@/lib/retry'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { cartQuery } from './get-cart'

/** Every change of the server's cart carries this key: the retry notice watches it. */
export const saveCartKey = ['cart', 'save'] as const

type CartContext = { before: Cart | undefined }

/** A save made but not yet sent (save-cart.ts gathers quick changes into one). */
export type WaitingSave = {
  /** The cart before the first of the changes it gathers: what a refusal puts back. */
  before: Cart | undefined
  /** Sends it now (`keepalive`: even if the page is closing). */
  flush: (keepalive?: boolean) => void
  /** Forgets it: a newer change replaces it. */
  drop: () => void
}

const waiting = new WeakMap<QueryClient, Map<string, WaitingSave>>()

/**
 * The saves waiting to be sent, per query client and account. While one waits, an answer to
 * an earlier save must not replace the cart on screen: the waiting change is newer.
 */
export function waitingSaves(queryClient: QueryClient): Map<string, WaitingSave> {
  let saves = waiting.get(queryClient)
  if (!saves) waiting.set(queryClient, (saves = new Map<string, WaitingSave>()))
  return saves
}

/**
 * The shape every change of the server's cart shares (PUT /api/cart, DELETE
 * /api/cart/quote/{id}): shown at once (optimistic); run one at a time in the order made (one
 * scope), so the last change is the one kept; a passing failure (no connection, 429, 5xx) is
 * retried until it goes through, keeping what the buyer sees (the notice says so); only a
 * refusal puts the cart back as it was, with the server's reason.
 */
export function optimisticCartMutation<Vars>(
  queryClient: QueryClient,
  email: string,
  change: {
    send: (vars: Vars) => Promise<Cart>
    /** The cart on screen while the request is on its way. */
    shown: (vars: Vars, before: Cart | undefined) => Cart | undefined
    /** The cart a refusal puts back, when not the one on screen as the request was made. */
    restore?: (vars: Vars) => Cart | undefined
  },
): UseMutationOptions<Cart, Error, Vars, CartContext> {
  const key = cartQuery(email).queryKey
  return {
    mutationKey: saveCartKey,
    scope: { id: 'cart' },
    meta: bearerMeta,
    mutationFn: change.send,
    retry: (_count, error) => isTransient(error),
    retryDelay,
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Cart>(key)
      const shown = change.shown(vars, before)
      if (shown) queryClient.setQueryData<Cart>(key, shown)
      return { before: change.restore?.(vars) ?? before }
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      showToast('error', getErrorMessage(error))
    },
    onSuccess: (kept) => {
      // A custom part left out went back to Quoted: the quote pages ask again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyQuotes })
      // A later change is already on screen and on its way (or waiting to go): the last answer
      // will be its.
      if (
        queryClient.isMutating({ mutationKey: saveCartKey }) <= 1 &&
        !waitingSaves(queryClient).has(email)
      )
        queryClient.setQueryData(key, kept)
    },
  }
}
