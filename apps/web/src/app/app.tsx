import { useEffect } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'

import { createQueryClient, seedInitialData } from '@/lib/query-client'

import { routerFlushSync } from './flush-sync'
import { AppProviders } from './providers'
import { routes } from './router'

/**
 * The app around its router. Made after main.tsx has loaded the current page's lazy screens
 * (issue 16): a router made before would start by rendering the loading fallback, which
 * differs from the server's markup.
 */
export function createApp() {
  const queryClient = createQueryClient()
  // Before the first render, so the first screen renders with the data the HTML brought.
  seedInitialData(queryClient)
  const router = createBrowserRouter(routes)
  return function App() {
    // Marks the moment React owns the page: the browser tests wait for it (e2e/hydration).
    useEffect(() => {
      document.documentElement.dataset.hydrated = 'true'
    }, [])
    return (
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </AppProviders>
    )
  }
}
