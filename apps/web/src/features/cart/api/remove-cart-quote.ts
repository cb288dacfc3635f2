import { useMutation, useQueryClient } from '@tanstack/react-query'

import { cartContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { optimisticCartMutation } from './optimistic-cart-mutation'

export const removeCartQuote = (quote: string) =>
  api.call(cartContract.removeQuote, { params: { id: quote } })

/**
 * DELETE /api/cart/quote/{id}: a custom part leaves the cart and its quote goes back to Quoted.
 * A PUT never removes one (a stale tab would drop a quote just accepted), so Remove
 * says so explicitly. Shown at once, in the cart saves' queue (same scope and key), so a PUT
 * made after it waits for it; a refusal puts the line back with the server's reason.
 */
export function useRemoveCartQuote(email: string) {
  const queryClient = useQueryClient()
  return useMutation(
    optimisticCartMutation(queryClient, email, {
      send: (quote: string) => removeCartQuote(quote),
      shown: (quote, before) =>
        before && {
          lines: before.lines.filter((line) => 'tool' in line || line.quote !== quote),
        },
    }),
  )
}
