import { useMutation, useQueryClient } from '@tanstack/react-query'

import { quickOrderContract, type ReorderResponse } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { cartQuery } from './get-cart'
import { flushCartSave } from './save-cart'

export const reorder = (orderId: string) =>
  api.call(quickOrderContract.reorder, { params: { id: orderId } })

/**
 * POST /api/purchase/{id}/reorder: the order's tools into the cart at today's prices.
 * In the cart saves' queue, after a waiting save; the answer's cart replaces the one kept.
 */
export function useReorder(email: string) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    scope: { id: 'cart' },
    meta: bearerMeta,
    mutationFn: reorder,
    onSuccess: (answer: ReorderResponse) =>
      queryClient.setQueryData(cartQuery(email).queryKey, answer.cart),
  })
  return {
    ...mutation,
    reorder: (orderId: string) => {
      flushCartSave(queryClient, email)
      return mutation.mutateAsync(orderId)
    },
  }
}
