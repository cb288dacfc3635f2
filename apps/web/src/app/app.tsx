import { startTransition, useEffect, useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'

import { createQueryClient, seedInitialData } from '@/lib/query-client'
import { HydratedProvider } from '@/lib/use-hydrated'

import { routerFlushSync } from './flush-sync'
import { AppProviders } from './providers'
import { routes } from './router'

/**
 * The app around its router. Made after main.tsx has loaded the current page's lazy screens:
 * a router made before would start by rendering the loading fallback, which
 * differs from the server's markup.
 */
export function createApp({ hydrating }: { hydrating: boolean }) {
  const queryClient = createQueryClient()
  // Before the first render, so the first screen renders with the data the HTML brought.
  seedInitialData(queryClient)
  const router = createBrowserRouter(routes)
  return function App() {
    // Hydrating, the first render must equal the server's (forms disabled); then it flips, in
    // a transition (lib/use-hydrated.ts).
    const [hydrated, setHydrated] = useState(!hydrating)
    useEffect(() => {
      if (!hydrated) startTransition(() => setHydrated(true))
      // Marks the moment React owns the page and the forms work: the browser tests wait for it.
      else document.documentElement.dataset.hydrated = 'true'
    }, [hydrated])
    return (
      <HydratedProvider value={hydrated}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} flushSync={routerFlushSync} />
        </AppProviders>
      </HydratedProvider>
    )
  }
}
