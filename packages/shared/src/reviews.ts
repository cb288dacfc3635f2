import { z } from 'zod'

import { REVIEW_LIST_MAX_LIMIT, REVIEW_TEXT_MAX } from './constants.js'
import { messages } from './messages.js'

const m = messages.reviewRules

/**
 * A company review as the API shows it (docs/product.md §3), without the reviewer's email: the list is
 * public, and an address is not ours to publish.
 */
export const ReviewSchema = z.object({
  _id: z.string(),
  customerName: z.string(),
  reviewText: z.string(),
  stars: z.number().int().min(1).max(5),
  createdAt: z.string(),
})
export type Review = z.infer<typeof ReviewSchema>
export const ReviewListSchema = z.array(ReviewSchema)

/**
 * Add Review (`POST /api/review`): the text and whole stars from 1 to 5 (the spec leaves the
 * stars unchecked; the shop checks them). Who wrote it comes from the account, never the body.
 */
export const AddReviewBodySchema = z.object({
  reviewText: z
    .string({ error: m.textRequired })
    .trim()
    .min(1, m.textRequired)
    .max(REVIEW_TEXT_MAX, m.textTooLong),
  stars: z
    .number({ error: m.starsRequired })
    .int(m.starsRange)
    .min(1, m.starsRange)
    .max(5, m.starsRange),
})
export type AddReviewBody = z.infer<typeof AddReviewBodySchema>

export const AddReviewResponseSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
})

/** `?limit=&offset=`: newest first; without limit every review (docs/product.md §7). */
export const ReviewListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEW_LIST_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>

export const reviewsContract = {
  list: {
    method: 'GET',
    path: '/api/review',
    query: ReviewListQuerySchema,
    response: ReviewListSchema,
  },
  add: {
    method: 'POST',
    path: '/api/review',
    body: AddReviewBodySchema,
    response: AddReviewResponseSchema,
  },
} as const
