import { queryOptions, useQuery } from '@tanstack/react-query'

import { promotionsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

type Where = { phone: string; address: string }

export const getFirstOrderEstimate = (where: Where, signal?: AbortSignal) =>
  api.call(promotionsContract.firstOrderEstimate, { query: where, signal })

/**
 * GET /api/promotion/first-order/estimate (bearer): whether the signed-in buyer's
 * order to this phone and address gets the first-order discount, by the server's own rule.
 */
export const firstOrderEstimateQuery = (where: Where) =>
  queryOptions({
    queryKey: ['promotions', 'first-order-estimate', where.phone, where.address],
    queryFn: ({ signal }) => getFirstOrderEstimate(where, signal),
    meta: bearerMeta,
  })

export const useFirstOrderEstimate = (where: Where, enabled: boolean) =>
  useQuery({
    ...firstOrderEstimateQuery(where),
    enabled,
    // While a new phone or address is asked about, the last answer stays on screen.
    placeholderData: (previous) => previous,
  })
