import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getQuote = (id: string, signal?: AbortSignal) =>
  api.call(quotesContract.getOne, { params: { id }, signal })

/** One request in full (its buyer or an admin): what was sent, drawings, offers. */
export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.quote(id),
    queryFn: ({ signal }) => getQuote(id, signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
  })

export const useQuote = (id: string) => useQuery(quoteQuery(id))
