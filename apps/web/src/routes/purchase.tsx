import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(purchase issue): the screen itself (SPEC.md §2).
export function PurchaseRoute() {
  return <PlaceholderPage title={messages.pages.purchase} />
}
