import type { AddReviewBody, Review, ReviewListQuery } from '@toolworks/shared'

import type { ChangeFeed } from '../../db/change-feed.js'
import type { Db } from '../../db/client.js'
import { createAnswerCache, type CachedAnswer } from '../../lib/answer-cache.js'
import { AppError } from '../../lib/app-error.js'
import { isAdmin, type Actor } from '../accounts/actor.js'
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
export function createReviewsService({ db, changes }: { db: Db; changes: ChangeFeed }) {
  const cache = createAnswerCache({ feed: changes, topic: 'reviews' })
  return {
    close: () => cache.close(),
    /** Newest first, as it goes on the wire; cached until any process adds a review. */
    async list(query: ReviewListQuery): Promise<CachedAnswer> {
      return cache.get(`list:${query.limit ?? ''}:${query.offset ?? ''}`, async () => ({
        value: (await listReviews(db, query)).map(toReview),
      }))
    },
    /**
     * A customer's review. The name and email come from the account, never from the body;
     * staff do not review their own company (docs/product.md §2: Add Review is for non-admins).
     */
    async add(
      actor: Actor,
      body: AddReviewBody,
    ): Promise<{ acknowledged: true; insertedId: string }> {
      if (isAdmin(actor)) throw new AppError('FORBIDDEN')
      const { id } = await insertReview(db, {
        userId: actor.id,
        customerEmail: actor.email,
        customerName: actor.name,
        reviewText: body.reviewText,
        stars: body.stars,
      })
      await cache.changed()
      return { acknowledged: true, insertedId: id }
    },
  }
}
