import { queryOptions, useQuery } from '@tanstack/react-query'

import { ordersContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

export const getMyOrders = (customer: string, signal?: AbortSignal) =>
  api.call(ordersContract.listMine, { query: { customer }, signal })

/** The customer's orders, newest first; cancelled and hidden ones are not listed. */
export const myOrdersQuery = (customer: string) =>
  queryOptions({
    queryKey: [...ordersKey, 'mine', customer],
    queryFn: ({ signal }) => getMyOrders(customer, signal),
    meta: bearerMeta,
  })

/** How often My Orders asks again while a gateway payment is being confirmed. */
export const CONFIRMING_REFRESH_MS = 5_000

/**
 * `awaiting`: an order whose gateway payment is being confirmed (`?payment=pending`); the list
 * is asked again every few seconds until that order is no longer unpaid.
 */
export const useMyOrders = (customer: string, awaiting?: string) =>
  useQuery({
    ...myOrdersQuery(customer),
    enabled: customer !== '',
    refetchInterval: (query) =>
      awaiting !== undefined &&
      query.state.data?.some((o) => o._id === awaiting && o.status === 'unpaid') !== false
        ? CONFIRMING_REFRESH_MS
        : false,
  })
