import { queryOptions, useQuery } from '@tanstack/react-query'

import { paymentsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'

export const getPaymentMethods = (signal?: AbortSignal) =>
  api.call(paymentsContract.paymentMethods, { signal })

/** GET /api/payment-methods (public): the configured methods, in the payment page's order. */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 5 * 60_000,
  })

export const usePaymentMethods = () => useQuery(paymentMethodsQuery())
