import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, type ProductsFilterQuery } from '@toolworks/shared'

import { api, lazyEndpoint } from '@/lib/api-client'

const facetsEndpoint = lazyEndpoint(() =>
  import('@/lib/first-screen-contracts').then((m) => m.searchContract.facets),
)

/** GET /api/tool/facets: disjunctive counts of the filters; seeded by the server. */
export const facetsQuery = (query: ProductsFilterQuery) =>
  queryOptions({
    queryKey: queryKeys.facets(query),
    queryFn: ({ signal }) => api.call(facetsEndpoint, { query, signal }),
    // The previous counts stay while the next load: the column does not jump.
    placeholderData: keepPreviousData,
  })

export const useFacets = (query: ProductsFilterQuery) => useQuery(facetsQuery(query))
