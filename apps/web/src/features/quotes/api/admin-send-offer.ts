import { useMutation, useQueryClient } from '@tanstack/react-query'

import { quotesContract, type QuoteOfferBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { refreshQuote } from './refresh-quote'

export type SendOfferInput = { id: string; body: QuoteOfferBody }

export const sendOffer = ({ id, body }: SendOfferInput) =>
  api.call(quotesContract.offer, { params: { id }, body })

/**
 * POST /api/quote/{id}/offer (admin): a first quote or a revision. The request's page shows the
 * answer at once, and the lists (with their waiting count) ask again.
 */
export function useSendOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendOffer,
    meta: bearerMeta,
    onSuccess: (quote) => refreshQuote(queryClient, quote),
  })
}
