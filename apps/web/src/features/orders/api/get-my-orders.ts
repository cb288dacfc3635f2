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

export const useMyOrders = (customer: string) =>
  useQuery({ ...myOrdersQuery(customer), enabled: customer !== '' })
