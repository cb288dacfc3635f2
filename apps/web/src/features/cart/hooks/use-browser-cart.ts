import { useSyncExternalStore } from 'react'

import { readBrowserCart, serverBrowserCart, subscribeBrowserCart } from '../utils/browser-cart'

/** The browser's cart, kept current across this tab's changes and other tabs'. */
export function useBrowserCart() {
  return useSyncExternalStore(subscribeBrowserCart, readBrowserCart, serverBrowserCart)
}
