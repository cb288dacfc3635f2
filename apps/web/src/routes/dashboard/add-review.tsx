import { messages } from '@toolworks/shared'

import { AddReviewForm } from '@/features/reviews/components/add-review-form'
import { useDocumentTitle } from '@/lib/use-document-title'

/** docs/product.md §2 Add Review (customers; who wrote it comes from the account). */
export function AddReviewRoute() {
  useDocumentTitle(messages.dashboard.addReview)
  return (
    <div>
      <h2 className="section-title">{messages.dashboard.addReview}</h2>
      <div className="title-rule mb-6" />
      <AddReviewForm />
    </div>
  )
}
