import { queryOptions, useQuery } from '@tanstack/react-query'

import { queryKeys, reviewsContract, type ReviewListQuery } from '@toolworks/shared'

import { api } from '@/lib/api-client'

export const getReviews = (query: ReviewListQuery = {}, signal?: AbortSignal) =>
  api.call(reviewsContract.list, { query, signal })

/** Every review-list query starts with this key. */
export const anyReviewsKey = queryKeys.anyReviews

/** Reviews newest first (the server's order). */
export const reviewsQuery = (query: ReviewListQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.reviews(query),
    queryFn: ({ signal }) => getReviews(query, signal),
  })

export const useReviews = (query: ReviewListQuery = {}) => useQuery(reviewsQuery(query))
