import { useMutation, useQueryClient } from '@tanstack/react-query'

import { quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { refreshQuote } from './refresh-quote'

export const withdrawQuote = (id: string) => api.call(quotesContract.withdraw, { params: { id } })

/** POST /api/quote/{id}/withdraw: the buyer stops a request before accepting it. */
export function useWithdrawQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: withdrawQuote,
    meta: bearerMeta,
    onSuccess: (quote) => refreshQuote(queryClient, quote),
  })
}
