import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getQuoteMessages = (id: string, signal?: AbortSignal) =>
  api.call(quotesContract.listMessages, { params: { id }, signal })

/** The conversation on one request, oldest first (both sides read the same list). */
export const quoteMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.quoteMessages(id),
    queryFn: ({ signal }) => getQuoteMessages(id, signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
  })

export const useQuoteMessages = (id: string) => useQuery(quoteMessagesQuery(id))
