import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, quotesContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getMyQuotes = (customer: string, signal?: AbortSignal) =>
  api.call(quotesContract.listMine, { query: { customer }, signal })

/** The buyer's own requests (My Quotes). */
export const myQuotesQuery = (customer: string) =>
  queryOptions({
    queryKey: queryKeys.myQuotes(customer),
    queryFn: ({ signal }) => getMyQuotes(customer, signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
  })

export const useMyQuotes = (customer: string) =>
  useQuery({ ...myQuotesQuery(customer), enabled: customer !== '' })
