import { useMutation, useQueryClient } from '@tanstack/react-query'

import { quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { refreshQuote } from './refresh-quote'

export const resendQuote = (id: string) => api.call(quotesContract.resend, { params: { id } })

/** POST /api/quote/{id}/resend: an expired request sent again; answers the new request. */
export function useResendQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendQuote,
    meta: bearerMeta,
    onSuccess: (quote) => refreshQuote(queryClient, quote),
  })
}
