import { queryOptions, useQuery } from '@tanstack/react-query'

import { promotionsContract, queryKeys } from '@toolworks/shared'

import { api } from '@/lib/api-client'

export const getActivePromotions = (signal?: AbortSignal) =>
  api.call(promotionsContract.listActive, { signal })

/**
 * The promotions active on the shop's date (issue 14). The home page's server rendering seeds
 * this key (plugins/pages.ts), so the browser's first render shows the same offers.
 */
export const activePromotionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.activePromotions,
    queryFn: ({ signal }) => getActivePromotions(signal),
  })

export const useActivePromotions = () => useQuery(activePromotionsQuery())
