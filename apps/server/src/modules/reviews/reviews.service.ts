import type { AddReviewBody, Review, ReviewListQuery } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import type { Actor } from '../accounts/accounts.service.js'
import { insertReview, listReviews, type ReviewRow } from './reviews.queries.js'

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    customerName: row.customerName,
    reviewText: row.reviewText,
    stars: row.stars,
    createdAt: row.createdAt.toISOString(),
  }
}

export type ReviewsService = ReturnType<typeof createReviewsService>

/** Reviews of the company: customers write them, everyone reads them. */
export function createReviewsService({ db }: { db: Db }) {
  return {
    async list(query: ReviewListQuery): Promise<Review[]> {
      return (await listReviews(db, query)).map(toReview)
    },
    /**
     * A customer's review. The name and email come from the account, never from the body;
     * staff do not review their own company (SPEC.md §2: Add Review is for non-admins).
     */
    async add(
      actor: Actor,
      body: AddReviewBody,
    ): Promise<{ acknowledged: true; insertedId: string }> {
      if (actor.role === 'admin') throw new AppError('FORBIDDEN')
      const { id } = await insertReview(db, {
        userId: actor.id,
        customerEmail: actor.email,
        customerName: actor.name,
        reviewText: body.reviewText,
        stars: body.stars,
      })
      return { acknowledged: true, insertedId: id }
    },
  }
}
