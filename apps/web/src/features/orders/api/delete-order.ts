import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ordersContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

export const deleteOrder = (id: string) => api.call(ordersContract.remove, { params: { id } })

/**
 * DELETE /api/purchase/{id}: an unpaid order is cancelled (its stock returns), a paid one
 * leaves the customer's list. Refreshes the order lists; the route refreshes the stock.
 */
export function useDeleteOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteOrder,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
