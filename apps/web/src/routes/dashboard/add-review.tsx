import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(reviews issue): the screen itself (SPEC.md §2).
export function AddReviewRoute() {
  return <PlaceholderPage title={messages.dashboard.addReview} headingLevel={2} />
}
