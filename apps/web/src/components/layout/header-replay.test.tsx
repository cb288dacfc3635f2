import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, test } from 'vitest'

import { routerFlushSync } from '@/app/flush-sync'
import { AppProviders } from '@/app/providers'
import { routes } from '@/app/router'
import { captureEarlyClicks } from '@/lib/event-replay'
import { HydratedProvider } from '@/lib/use-hydrated'
import { testQueryClient } from '@/testing/render'

// A tap on the phone's menu button while the page is still hydrating is not lost.
test('a tap on the menu button before hydration opens the menu once React owns the button', async () => {
  captureEarlyClicks(document)
  const router = createMemoryRouter(routes, { initialEntries: ['/products'] })
  const queryClient = testQueryClient()
  const app = (hydrated: boolean) => (
    <HydratedProvider value={hydrated}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </AppProviders>
    </HydratedProvider>
  )
  const view = render(app(false))
  const toggle = await screen.findByRole('button', { name: 'Main menu' })

  fireEvent.click(toggle)
  // Held, not acted on: React's handler never saw it.
  expect(toggle).toHaveAttribute('aria-expanded', 'false')

  view.rerender(app(true))
  expect(await screen.findByRole('button', { name: 'Main menu', expanded: true })).toBe(toggle)
  expect(toggle).not.toHaveAttribute('data-replay')
})
