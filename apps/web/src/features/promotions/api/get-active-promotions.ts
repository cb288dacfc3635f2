import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys } from '@toolworks/shared'

import { api, lazyEndpoint } from '@/lib/api-client'

// Loaded (with zod) on the first call: not in the first load.
const listActiveEndpoint = lazyEndpoint(() =>
  import('@/lib/first-screen-contracts').then((m) => m.promotionsContract.listActive),
)

export const getActivePromotions = (signal?: AbortSignal) =>
  api.call(listActiveEndpoint, { signal })

/**
 * The promotions active on the shop's date. The home page's server rendering seeds
 * this key (plugins/pages.ts), so the browser's first render shows the same offers.
 */
export const activePromotionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.activePromotions,
    queryFn: ({ signal }) => getActivePromotions(signal),
  })

export const useActivePromotions = () => useQuery(activePromotionsQuery())
