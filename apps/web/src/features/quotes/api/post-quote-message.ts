import { useMutation, useQueryClient } from '@tanstack/react-query'

import { queryKeys, quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const postQuoteMessage = (id: string, text: string) =>
  api.call(quotesContract.postMessage, { params: { id }, body: { text } })

/** POST /api/quote/{id}/messages; refreshes the conversation. */
export function usePostQuoteMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => postQuoteMessage(id, text),
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.quoteMessages(id) }),
  })
}
