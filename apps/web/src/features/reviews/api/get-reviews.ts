import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, type ReviewListQuery } from '@toolworks/shared'

import { api, lazyEndpoint } from '@/lib/api-client'

// Loaded (with zod) on the first call: not in the first load.
const listReviewsEndpoint = lazyEndpoint(() =>
  import('@/lib/first-screen-contracts').then((m) => m.reviewsContract.list),
)

export const getReviews = (query: ReviewListQuery = {}, signal?: AbortSignal) =>
  api.call(listReviewsEndpoint, { query, signal })

/** Every review-list query starts with this key. */
export const anyReviewsKey = queryKeys.anyReviews

/** Reviews newest first (the server's order). */
export const reviewsQuery = (query: ReviewListQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.reviews(query),
    queryFn: ({ signal }) => getReviews(query, signal),
  })

export const useReviews = (query: ReviewListQuery = {}) => useQuery(reviewsQuery(query))
