import { createBrowserRouter, RouterProvider } from 'react-router'

import { createQueryClient } from '@/lib/query-client'

import { AppProviders } from './providers'
import { routes } from './router'

const queryClient = createQueryClient()
const router = createBrowserRouter(routes)

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
