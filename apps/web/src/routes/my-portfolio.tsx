import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(about page issue): the screen itself (SPEC.md §2).
export function MyPortfolioRoute() {
  return <PlaceholderPage title={messages.pages.about} />
}
