import { flushSync } from 'react-dom'

/**
 * For RouterProvider's `flushSync` prop, which `navigate(to, { flushSync: true })` needs (see
 * `leaveSignedOut`). React Router's DOM build passes the same, but importing `react-router/dom`
 * beside `react-router` gives the tests two router contexts.
 */
export function routerFlushSync(fn: () => unknown): undefined {
  flushSync(fn)
}
