import { queryOptions, useQuery } from '@tanstack/react-query'

import { paymentsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const createPaymentIntent = (orderId: string, signal?: AbortSignal) =>
  api.call(paymentsContract.createIntent, { body: { orderId }, signal })

/**
 * POST /api/create-payment-intent (bearer): the client secret for one order. Kept outside the
 * `['orders']` keys so refreshing the orders after a payment does not ask for a new intent;
 * asked once per visit (the server reuses the order's intent).
 */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['payments', 'intent', orderId],
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    meta: bearerMeta,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

/** Only once the order is loaded, unpaid and has a total (docs/product.md §4). */
export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQuery(orderId), enabled })
