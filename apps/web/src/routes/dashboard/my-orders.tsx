import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(my orders issue): the screen itself (SPEC.md §2).
export function MyOrdersRoute() {
  return <PlaceholderPage title={messages.dashboard.myOrders} headingLevel={2} />
}
