import { useLayoutEffect } from 'react'

import { messages, pageTitle } from '@toolworks/shared'

/**
 * Sets the tab title for a screen ("My Orders · Toolworks"; no title gives the home title)
 * and its meta description (the site's general one unless the screen has its own).
 */
export function useDocumentTitle(title?: string, description?: string): void {
  // Before paint, so the title never lags the screen (and tests read it as soon as it shows).
  useLayoutEffect(() => {
    document.title = pageTitle(title)
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description ?? messages.seo.default
  }, [title, description])
}
