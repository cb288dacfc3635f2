import { queryOptions, useQuery } from '@tanstack/react-query'

import { promotionsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'

export const getActivePromotions = (signal?: AbortSignal) =>
  api.call(promotionsContract.listActive, { signal })

/** GET /api/promotion (public): the promotions active today. */
export const activePromotionsQuery = () =>
  queryOptions({
    queryKey: ['promotions', 'active'],
    queryFn: ({ signal }) => getActivePromotions(signal),
  })

export const useActivePromotions = () => useQuery(activePromotionsQuery())
