import { useEffect } from 'react'

import { messages } from '@toolworks/shared'

/** Sets the tab title for a screen: "My Orders · Toolworks"; no argument gives the home title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${messages.site.name}` : messages.site.homeTitle
  }, [title])
}
