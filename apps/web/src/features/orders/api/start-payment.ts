import { useMutation, useQueryClient } from '@tanstack/react-query'

import { OrderIdParamsSchema, paymentsContract, type StartPaymentBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

// The shared contract names the path; its `:id` is the order's id.
const startPaymentEndpoint = { ...paymentsContract.startPayment, params: OrderIdParamsSchema }

type StartPaymentInput = { orderId: string; method: StartPaymentBody['method'] }

export const startPayment = ({ orderId, method }: StartPaymentInput) =>
  api.call(startPaymentEndpoint, { params: { id: orderId }, body: { method } })

/**
 * POST /api/purchase/{id}/payment (the order's owner): SSLCommerz answers the gateway's page,
 * a bank transfer the reference and the proforma's path. Refreshes the orders (a transfer
 * leaves the order awaiting it, with a longer hold).
 */
export function useStartPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startPayment,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
