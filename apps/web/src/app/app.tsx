import { createBrowserRouter, RouterProvider } from 'react-router'

import { createQueryClient, seedInitialData } from '@/lib/query-client'

import { routerFlushSync } from './flush-sync'
import { AppProviders } from './providers'
import { routes } from './router'

const queryClient = createQueryClient()
// Before the first render, so the first screen renders with the data the HTML brought.
seedInitialData(queryClient)
const router = createBrowserRouter(routes)

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </AppProviders>
  )
}
