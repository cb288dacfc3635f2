import { useMutation, useQueryClient } from '@tanstack/react-query'

import { cartContract, queryKeys, type Cart } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { isTransient } from '@/lib/api-error'
import { getErrorMessage } from '@/lib/get-error-message'
import { showToast } from '@/lib/lazy-toast'
import { retryDelay } from '@/lib/retry'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { cartQuery } from './get-cart'
import { saveCartKey } from './save-cart'

export const removeCartQuote = (quote: string) =>
  api.call(cartContract.removeQuote, { params: { id: quote } })

/**
 * DELETE /api/cart/quote/{id}: a custom part leaves the cart and its quote goes back to Quoted
 * (issue 26). A PUT never removes one (a stale tab would drop a quote just accepted), so Remove
 * says so explicitly. Shown at once, in the cart saves' queue (same scope and key), so a PUT
 * made after it waits for it; a refusal puts the line back with the server's reason.
 */
export function useRemoveCartQuote(email: string) {
  const queryClient = useQueryClient()
  const key = cartQuery(email).queryKey
  return useMutation({
    mutationKey: saveCartKey,
    scope: { id: 'cart' },
    meta: bearerMeta,
    mutationFn: (quote: string) => removeCartQuote(quote),
    retry: (_count, error) => isTransient(error),
    retryDelay,
    onMutate: async (quote) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Cart>(key)
      if (before)
        queryClient.setQueryData<Cart>(key, {
          lines: before.lines.filter((line) => 'tool' in line || line.quote !== quote),
        })
      return { before }
    },
    onError: (error, _quote, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      showToast('error', getErrorMessage(error))
    },
    onSuccess: (kept) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyQuotes })
      if (queryClient.isMutating({ mutationKey: saveCartKey }) <= 1)
        queryClient.setQueryData(key, kept)
    },
  })
}
