import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  cartContract,
  isQuoteLine,
  queryKeys,
  isToolLine,
  type Cart,
  type CartAnyLineInput,
  type CartQuoteLine,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { isTransient } from '@/lib/api-error'
import { getErrorMessage } from '@/lib/get-error-message'
import { showToast } from '@/lib/lazy-toast'
import { retryDelay } from '@/lib/retry'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { cartQuery } from './get-cart'

/** Every cart save carries this key: the retry notice watches it. */
export const saveCartKey = ['cart', 'save'] as const

export const putCart = (lines: readonly CartAnyLineInput[]) =>
  api.call(cartContract.put, { body: { lines: [...lines] } })

/**
 * What the cart shows while a PUT is on its way: a custom part is sent as `{ quote, quantity }`,
 * so its name, price and lead time are taken from the cart as it was (issue 15).
 */
function shownLines(lines: readonly CartAnyLineInput[], before: Cart | undefined): Cart['lines'] {
  const known = new Map<string, CartQuoteLine>()
  for (const line of before?.lines ?? []) if (!('tool' in line)) known.set(line.quote, line)
  return lines.flatMap((line): Cart['lines'] => {
    if (isToolLine(line)) return [line]
    const shown = isQuoteLine(line) ? known.get(line.quote) : undefined
    return shown ? [shown] : []
  })
}

/**
 * PUT /api/cart with the whole cart, shown at once (optimistic). The saves run one at a time in
 * the order they were made (one scope), so the last change is the one kept. A passing failure
 * (no connection, 429, 5xx) is retried until it goes through, keeping what the buyer sees (the
 * notice says so); only a refusal puts the cart back as it was, with the server's reason.
 */
export function useSaveCart(email: string) {
  const queryClient = useQueryClient()
  const key = cartQuery(email).queryKey
  return useMutation({
    mutationKey: saveCartKey,
    scope: { id: 'cart' },
    meta: bearerMeta,
    mutationFn: (lines: readonly CartAnyLineInput[]) => putCart(lines),
    retry: (_count, error) => isTransient(error),
    retryDelay,
    onMutate: async (lines) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Cart>(key)
      queryClient.setQueryData<Cart>(key, { lines: shownLines(lines, before) })
      return { before }
    },
    onError: (error, _lines, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      showToast('error', getErrorMessage(error))
    },
    onSuccess: (kept) => {
      // A custom part left out went back to Quoted (issue 15): the quote pages ask again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyQuotes })
      // A later change is already on screen and on its way: the last answer will be its.
      if (queryClient.isMutating({ mutationKey: saveCartKey }) <= 1)
        queryClient.setQueryData(key, kept)
    },
  })
}
