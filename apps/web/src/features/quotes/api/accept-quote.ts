import { useMutation, useQueryClient } from '@tanstack/react-query'

import { quotesContract, type QuoteAcceptBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { refreshQuote } from './refresh-quote'

export type AcceptQuoteInput = QuoteAcceptBody & { id: string }

export const acceptQuote = ({ id, ...body }: AcceptQuoteInput) =>
  api.call(quotesContract.accept, { params: { id }, body })

/**
 * POST /api/quote/{id}/accept with the quantity line and the revision the buyer read. The cart
 * now holds the line, so `refreshAlso` takes the cart's key from the screen that composes both
 * (a feature never imports another).
 */
export function useAcceptQuote({ refreshAlso }: { refreshAlso?: readonly unknown[] } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptQuote,
    meta: bearerMeta,
    onSuccess: async (quote) => {
      await refreshQuote(queryClient, quote)
      if (refreshAlso) await queryClient.invalidateQueries({ queryKey: refreshAlso })
    },
  })
}
