import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router'

import { routerFlushSync } from '@/app/flush-sync'
import { AppProviders } from '@/app/providers'
import { routes } from '@/app/router'
import { createQueryClient } from '@/lib/query-client'

export function testQueryClient() {
  const queryClient = createQueryClient()
  // A failed request shows its error at once instead of after the production retries.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  return queryClient
}

/**
 * The whole app at `path` (or a location with state), as a visitor who typed that address;
 * `queryClient` for a test that fills the cache first, as the page's initial data does.
 */
export function renderApp(path: InitialEntry, { queryClient = testQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </AppProviders>,
  )
  return { ...view, router, user }
}

/** One component inside the app's providers and a router, for parts that link or fetch. */
export function renderWithProviders(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }])
  const user = userEvent.setup()
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </AppProviders>,
  )
  return { ...view, router, user }
}
