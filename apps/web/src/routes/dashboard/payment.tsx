import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(payment issue): the screen itself (SPEC.md §2).
export function PaymentRoute() {
  return <PlaceholderPage title={messages.dashboard.payment} headingLevel={2} />
}
