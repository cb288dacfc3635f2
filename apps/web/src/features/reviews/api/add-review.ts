import { useMutation, useQueryClient } from '@tanstack/react-query'

import { reviewsContract, type AddReviewBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { anyReviewsKey } from './get-reviews'

export const addReview = (body: AddReviewBody) => api.call(reviewsContract.add, { body })

/** POST /api/review (customer; who wrote it comes from the account); refreshes the lists. */
export function useAddReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addReview,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anyReviewsKey }),
  })
}
