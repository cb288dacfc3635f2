import { http, HttpResponse } from 'msw'

import { reviewsContract } from '@toolworks/shared'

import type { AddReviewBody, ErrorBody, Review } from '@toolworks/shared'

/** GET /api/review as the server answers it: newest first as given, honours `limit`. */
export function reviewListHandler(reviews: Review[]) {
  return http.get(reviewsContract.list.path, ({ request }) => {
    const limit = new URL(request.url).searchParams.get('limit')
    return HttpResponse.json(limit === null ? reviews : reviews.slice(0, Number(limit)))
  })
}

export function reviewListErrorHandler(status = 500) {
  const body: ErrorBody = {
    error: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
  }
  return http.get(reviewsContract.list.path, () => HttpResponse.json(body, { status }))
}

/** POST /api/review: records each body the customer sent in `sent`. */
export function addReviewHandler() {
  const sent: AddReviewBody[] = []
  const handler = http.post(reviewsContract.add.path, async ({ request }) => {
    sent.push((await request.json()) as AddReviewBody)
    return HttpResponse.json(
      { acknowledged: true, insertedId: `review-${sent.length}` },
      { status: 201 },
    )
  })
  return { handler, sent }
}

export const reviewsHandlers = [reviewListHandler([])]
