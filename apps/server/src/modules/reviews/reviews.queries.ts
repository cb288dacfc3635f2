import { desc } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { reviews } from '../../db/schema/index.js'

export type ReviewRow = {
  id: string
  customerName: string
  reviewText: string
  stars: number
  createdAt: Date
}

const reviewColumns = {
  id: reviews.id,
  customerName: reviews.customerName,
  reviewText: reviews.reviewText,
  stars: reviews.stars,
  createdAt: reviews.createdAt,
}

/** Newest first; the id breaks ties so pages never overlap (index reviews_created_at_idx). */
export function listReviews(
  db: DbOrTx,
  page: { limit?: number; offset?: number } = {},
): Promise<ReviewRow[]> {
  const query = db
    .select(reviewColumns)
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .$dynamic()
  if (page.limit !== undefined) query.limit(page.limit)
  if (page.offset !== undefined) query.offset(page.offset)
  return query
}

export type NewReviewRow = {
  userId: string
  customerEmail: string
  customerName: string
  reviewText: string
  stars: number
}

export async function insertReview(db: DbOrTx, row: NewReviewRow): Promise<{ id: string }> {
  const [inserted] = await db.insert(reviews).values(row).returning({ id: reviews.id })
  if (!inserted) throw new Error('insert returned no row')
  return inserted
}
