import { useId } from 'react'

import { messages, REVIEW_STARS_MAX, type Review } from '@toolworks/shared'

const m = messages.reviews

type ReviewCardProps = {
  review: Review
  headingLevel?: 3 | 4
}

/**
 * docs/product.md §2 Customer reviews card: the name, the text in quotes and `Stars:` with the number.
 * The text is rendered as text only: a review can never inject markup.
 */
export function ReviewCard({ review, headingLevel = 3 }: ReviewCardProps) {
  const nameId = useId()
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <article
      data-testid="review-card"
      aria-labelledby={nameId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <Heading id={nameId} className="card-title text-lg">
          {review.customerName}
        </Heading>
        <blockquote className="text-base-content/80 break-words whitespace-pre-line">
          “{review.reviewText}”
        </blockquote>
        <div className="mt-auto flex items-center gap-2">
          <p className="font-semibold">
            {m.stars} {review.stars}
          </p>
          <p className="text-warning">
            <span aria-hidden="true">
              {'★'.repeat(review.stars)}
              {'☆'.repeat(Math.max(0, REVIEW_STARS_MAX - review.stars))}
            </span>
            <span className="sr-only">{m.starsLabel(review.stars)}</span>
          </p>
        </div>
      </div>
    </article>
  )
}
