import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(sign-in issue): the screen itself (SPEC.md §2).
export function LoginRoute() {
  return <PlaceholderPage title={messages.pages.login} />
}
