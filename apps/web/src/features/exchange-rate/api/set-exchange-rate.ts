import { useMutation, useQueryClient } from '@tanstack/react-query'

import { exchangeRateContract, queryKeys, type ExchangeRateBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const setExchangeRate = (body: ExchangeRateBody) =>
  api.call(exchangeRateContract.set, { body })

/** PUT /api/exchange-rate (admin); refreshes the rate in force and the history (under its key). */
export function useSetExchangeRate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setExchangeRate,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exchangeRate }),
  })
}
