import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ordersContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

export const markShipped = (id: string) =>
  api.call(ordersContract.setStatus, { params: { id }, body: { status: 'shipped' } })

/** PATCH /api/purchase/{id}/status (admin, paid orders only); refreshes the order lists. */
export function useMarkShipped() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markShipped,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
