import { queryOptions, useQuery } from '@tanstack/react-query'

import { exchangeRateContract, queryKeys } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getExchangeRateHistory = (signal?: AbortSignal) =>
  api.call(exchangeRateContract.history, { signal })

/** Every change of the taka rate, newest first (admin). */
export const exchangeRateHistoryQuery = () =>
  queryOptions({
    queryKey: queryKeys.exchangeRateHistory,
    queryFn: ({ signal }) => getExchangeRateHistory(signal),
    meta: bearerMeta,
  })

export const useExchangeRateHistory = () => useQuery(exchangeRateHistoryQuery())
