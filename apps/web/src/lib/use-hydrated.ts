import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's HTML and while the browser hydrates it, true from the render after
 * (issue 16). Forms render disabled until then: what is typed before React is attached would
 * be lost, and a submit would reload the page. A page rendered only in the browser is true
 * from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
