import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, quotesContract, type QuoteStatus } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getAdminQuotes = (status: QuoteStatus | undefined, signal?: AbortSignal) =>
  api.call(quotesContract.listAll, { query: status ? { status } : {}, signal })

/** GET /api/quote/admin (admin): every request, or those in one status, and the waiting count. */
export const adminQuotesQuery = (status: QuoteStatus | undefined) =>
  queryOptions({
    queryKey: queryKeys.adminQuotes(status),
    queryFn: ({ signal }) => getAdminQuotes(status, signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
  })

export const useAdminQuotes = (status: QuoteStatus | undefined) =>
  useQuery({
    ...adminQuotesQuery(status),
    // Switching the filter keeps the last list on screen until the next one arrives.
    placeholderData: (previous) => previous,
  })
