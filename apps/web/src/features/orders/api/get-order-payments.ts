import { queryOptions, useQuery } from '@tanstack/react-query'

import { OrderIdParamsSchema, paymentsContract, queryKeys } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

// The shared contract names the path; its `:id` is the order's id.
const endpoint = { ...paymentsContract.orderPayments, params: OrderIdParamsSchema }

export const getOrderPayments = (id: string, signal?: AbortSignal) =>
  api.call(endpoint, { params: { id }, signal })

/** An order's payments and refunds (its buyer or an admin); asked only while `enabled`. */
export const orderPaymentsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orderPayments(id),
    queryFn: ({ signal }) => getOrderPayments(id, signal),
    meta: bearerMeta,
  })

export const useOrderPayments = (id: string, enabled: boolean) =>
  useQuery({ ...orderPaymentsQuery(id), enabled })
