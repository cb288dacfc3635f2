import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys } from '@toolworks/shared'

import { api, lazyEndpoint } from '@/lib/api-client'

const suggestEndpoint = lazyEndpoint(() =>
  import('@/lib/first-screen-contracts').then((m) => m.searchContract.suggest),
)

/** GET /api/tool/suggest?q=: at most 8 part numbers and names for the search box. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.suggest(q),
    queryFn: ({ signal }) => api.call(suggestEndpoint, { query: { q }, signal }),
    staleTime: 60_000,
    // The last suggestions stay while the next load, so the list does not flicker as you type.
    placeholderData: keepPreviousData,
  })

export const useSuggestions = (q: string) =>
  useQuery({ ...suggestionsQuery(q), enabled: q.length > 0 })
