import { messages } from '@toolworks/shared'

import { PlaceholderPage } from '@/components/ui/placeholder-page'

// TODO(admin issue): the screen itself, behind an admin guard (SPEC.md §2, §6).
export function AddProductRoute() {
  return <PlaceholderPage title={messages.dashboard.addProduct} headingLevel={2} />
}
