import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ordersContract, type PurchaseBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

/** Only what the customer chooses: the server takes price, total and names itself. */
export const createOrder = (body: PurchaseBody) => api.call(ordersContract.create, { body })

/** POST /api/purchase; refreshes the order lists (the route refreshes the tool's stock). */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
