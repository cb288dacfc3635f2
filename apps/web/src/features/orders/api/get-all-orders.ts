import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'

import { ordersContract, type AdminOrdersQuerySchema } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>

export const getAllOrders = (query: AdminOrdersQuery, signal?: AbortSignal) =>
  api.call(ordersContract.listAll, { query, signal })

/** Every order (admin), newest first, optionally by status and customer email. */
export const allOrdersQuery = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: [...ordersKey, 'all', query],
    queryFn: ({ signal }) => getAllOrders(query, signal),
    meta: bearerMeta,
  })

// While a new filter loads, the previous rows stay instead of a spinner.
export const useAllOrders = (query: AdminOrdersQuery) =>
  useQuery({ ...allOrdersQuery(query), placeholderData: keepPreviousData })
