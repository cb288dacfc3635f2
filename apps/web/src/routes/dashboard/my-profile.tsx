import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(profile issue): the screen itself (SPEC.md §2).
export function MyProfileRoute() {
  return <PlaceholderPage title={messages.dashboard.myProfile} headingLevel={2} />
}
