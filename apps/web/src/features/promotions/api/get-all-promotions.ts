import { queryOptions, useQuery } from '@tanstack/react-query'

import { promotionsContract, queryKeys } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getAllPromotions = (signal?: AbortSignal) =>
  api.call(promotionsContract.listAll, { signal })

/** Every promotion, past and future: the admin's table. */
export const allPromotionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.allPromotions,
    queryFn: ({ signal }) => getAllPromotions(signal),
    meta: bearerMeta,
  })

export const useAllPromotions = () => useQuery(allPromotionsQuery())
