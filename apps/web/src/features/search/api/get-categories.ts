import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys } from '@toolworks/shared'

import { api, lazyEndpoint } from '@/lib/api-client'

const categoriesEndpoint = lazyEndpoint(() =>
  import('@/lib/first-screen-contracts').then((m) => m.categoryContract.list),
)

/** GET /api/category: the tree with attributes; it changes rarely, so it is kept a while. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => api.call(categoriesEndpoint, { signal }),
    staleTime: 5 * 60_000,
  })

export const useCategories = () => useQuery(categoriesQuery())
