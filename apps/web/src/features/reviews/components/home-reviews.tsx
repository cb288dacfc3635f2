import { HOME_REVIEWS_COUNT, messages } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'

import { useReviews } from '../api/get-reviews'
import { ReviewCard } from './review-card'

const m = messages.reviews
const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4'

function ReviewCardSkeleton() {
  return (
    <div aria-hidden="true" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="skeleton h-6 w-1/2" />
        <div className="skeleton h-16 w-full" />
        <div className="skeleton h-5 w-1/3" />
      </div>
    </div>
  )
}

/** docs/product.md §2 Home 5: the 8 newest reviews, with loading, error and empty states. */
export function HomeReviews() {
  const reviews = useReviews({ limit: HOME_REVIEWS_COUNT })

  return (
    <section aria-labelledby="customer-reviews-title" className="page-container py-14">
      <h2 id="customer-reviews-title" className="section-title">
        {m.homeTitle}
      </h2>
      <div className="title-rule mb-8" />
      {reviews.isPending ? (
        <div role="status" aria-label={m.loading} className={GRID}>
          {Array.from({ length: HOME_REVIEWS_COUNT }, (_, i) => (
            <ReviewCardSkeleton key={i} />
          ))}
        </div>
      ) : reviews.isError ? (
        <QueryError
          message={m.loadFailed}
          retrying={reviews.isFetching}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.length === 0 ? (
        <p className="text-base-content/70">{m.noReviews}</p>
      ) : (
        <ul className={GRID}>
          {/* The server honours limit; the slice keeps docs/product.md §9's "at most 8" whatever it sends. */}
          {reviews.data.slice(0, HOME_REVIEWS_COUNT).map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
