import { createContext, useContext } from 'react'

/**
 * False in the server's HTML and while the browser hydrates it, true from the render after.
 * Forms render disabled until then: what is typed before React is attached would
 * be lost, and a submit would reload the page. A page rendered only in the browser (and every
 * test that renders a screen) is true from its first render: hence the default.
 *
 * A context the app flips in a transition once hydration has committed (app/app.tsx), not a
 * `useSyncExternalStore` whose server and client values differ: React re-renders such readers
 * in one synchronous pass after hydration, about 90 ms of main thread on /login under
 * Lighthouse's 4x CPU slow-down; a transition is rendered in slices.
 */
const HydratedContext = createContext(true)

export const HydratedProvider = HydratedContext.Provider

export function useHydrated(): boolean {
  return useContext(HydratedContext)
}
