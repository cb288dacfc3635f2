import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(blogs issue): the screen itself (SPEC.md §2).
export function BlogsRoute() {
  return <PlaceholderPage title={messages.pages.blogs} />
}
