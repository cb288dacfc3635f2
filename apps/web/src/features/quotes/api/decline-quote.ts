import { useMutation, useQueryClient } from '@tanstack/react-query'

import { quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { refreshQuote } from './refresh-quote'

export const declineQuote = ({ id, reason }: { id: string; reason: string }) =>
  api.call(quotesContract.decline, { params: { id }, body: { reason } })

/** POST /api/quote/{id}/decline with an optional reason. */
export function useDeclineQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineQuote,
    meta: bearerMeta,
    onSuccess: (quote) => refreshQuote(queryClient, quote),
  })
}
