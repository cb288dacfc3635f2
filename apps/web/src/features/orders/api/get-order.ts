import { queryOptions, useQuery } from '@tanstack/react-query'

import { ordersContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

export const getOrder = (id: string, signal?: AbortSignal) =>
  api.call(ordersContract.getOne, { params: { id }, signal })

/** One order (its owner or an admin). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ordersKey, 'one', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    meta: bearerMeta,
  })

export const useOrder = (id: string) => useQuery(orderQuery(id))
