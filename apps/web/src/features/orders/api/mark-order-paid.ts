import { useMutation, useQueryClient } from '@tanstack/react-query'

import { OrderIdParamsSchema, paymentsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

// The shared contract names the path; its `:id` is the order's id.
const markPaidEndpoint = { ...paymentsContract.markPaid, params: OrderIdParamsSchema }

type MarkPaidInput = { orderId: string; transactionId: string }

/** The server asks the provider itself whether this intent succeeded before marking it paid. */
export const markOrderPaid = ({ orderId, transactionId }: MarkPaidInput) =>
  api.call(markPaidEndpoint, { params: { id: orderId }, body: { transactionId } })

/** PATCH /api/purchase/{id} (bearer) with the payment intent id; refreshes the order lists. */
export function useMarkOrderPaid() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markOrderPaid,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
