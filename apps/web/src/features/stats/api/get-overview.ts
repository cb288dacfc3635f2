import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, statsContract, type OverviewPeriod } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getOverview = (days: OverviewPeriod, signal?: AbortSignal) =>
  api.call(statsContract.overview, { query: { days: String(days) }, signal })

/** GET /api/stats/overview?days= (admin): the figures of the last 7, 30 or 90 days. */
export const overviewQuery = (days: OverviewPeriod) =>
  queryOptions({
    queryKey: queryKeys.overview(days),
    queryFn: ({ signal }) => getOverview(days, signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
  })

export const useOverview = (days: OverviewPeriod) =>
  useQuery({
    ...overviewQuery(days),
    // Switching the period keeps the last figures on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  })
