import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'

import { quotesContract, type QuoteOfferBody, quoteWords } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { refreshQuote } from './refresh-quote'

export type SendOfferInput = { id: string; body: QuoteOfferBody }

export const sendOffer = ({ id, body }: SendOfferInput) =>
  api.call(quotesContract.offer, { params: { id }, body })

/**
 * POST /api/quote/{id}/offer (admin): a first quote or a revision. The request's page shows the
 * answer at once, and the lists (with their waiting count) ask again. The toast is said here, not
 * in mutate(): the answer remounts the form (keyed by its offer), which drops mutate's callbacks.
 */
export function useSendOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendOffer,
    meta: bearerMeta,
    onSuccess: (quote) => {
      toast.success(quoteWords.quoteSent)
      return refreshQuote(queryClient, quote)
    },
  })
}
