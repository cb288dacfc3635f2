import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'

import { AppProviders } from '@/app/providers'
import { HydratedProvider } from '@/lib/use-hydrated'
import { sessionQuery } from '@/lib/auth'
import { makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer } from '@/testing/handlers/cart'
import { renderApp, testQueryClient } from '@/testing/render'
import { server } from '@/testing/server'

import { cartQuery } from '../api/get-cart'
import { BROWSER_CART_KEY } from '../utils/browser-cart'
import { CartButton } from './cart-button'

const browserCart = (lines: { tool: string; quantity: number }[]) =>
  localStorage.setItem(BROWSER_CART_KEY, JSON.stringify({ lines }))

describe('the header cart button', () => {
  test('counts the lines of a visitor’s browser cart and links to /cart', async () => {
    browserCart([
      { tool: 'a', quantity: 500 },
      { tool: 'b', quantity: 1 },
    ])
    renderApp('/products')
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute(
      'href',
      '/cart',
    )
  })

  test('counts the lines the server keeps for a signed-in buyer, "1 item" for one', async () => {
    const cart = cartServer([{ tool: 'a', quantity: 3 }])
    server.use(sessionHandler(makeUser()), ...cart.handlers)
    localStorage.setItem('accessToken', 'token-1')
    renderApp('/products')
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
  })

  test('after Sign Out the server’s cart is dropped, not asked again, and the browser’s counts', async () => {
    const cart = cartServer([{ tool: 'a', quantity: 3 }])
    server.use(
      sessionHandler(makeUser()),
      ...cart.handlers,
      http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true })),
    )
    localStorage.setItem('accessToken', 'token-1')
    const { user } = renderApp('/products')
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
    const asked = cart.seen.filter((r) => r.method === 'GET').length

    const nav = screen.getByRole('navigation', { name: 'Main menu' })
    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }))
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()
    // A GET now would carry no token: a 401 that the real server answers (seen by e2e).
    expect(cart.seen.filter((r) => r.method === 'GET')).toHaveLength(asked)
  })

  test('its menu links to the cart and to quick order', async () => {
    const { router, user } = renderApp('/products')
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()
    const menu = screen.getByRole('list', { name: 'Cart and quick order' })
    expect(within(menu).getByRole('link', { name: 'View the cart' })).toHaveAttribute(
      'href',
      '/cart',
    )
    const quick = within(menu).getByRole('link', { name: 'Quick order: paste part numbers' })
    expect(quick).toHaveAttribute('href', '/quick-order')
    // The keyboard reaches it: Tab from the cart link goes on into its menu.
    screen.getByRole('link', { name: 'Cart, 0 items' }).focus()
    await user.tab()
    expect(within(menu).getByRole('link', { name: 'View the cart' })).toHaveFocus()
    await user.tab()
    expect(quick).toHaveFocus()
    await user.click(quick)
    await waitFor(() => expect(router.state.location.pathname).toBe('/quick-order'))
  })

  test('an empty or unreadable browser cart counts 0', async () => {
    localStorage.setItem(BROWSER_CART_KEY, '{"lines":[{"tool":"a","quantity":"many"}]}')
    renderApp('/products')
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument()
  })

  test('the server’s HTML says 0 whatever is known (the browser’s cart is not)', () => {
    browserCart([{ tool: 'a', quantity: 5 }])
    const user = makeUser()
    const queryClient = testQueryClient()
    queryClient.setQueryData(sessionQuery().queryKey, user)
    queryClient.setQueryData(cartQuery(user.email).queryKey, {
      lines: [{ tool: 'b', quantity: 1 }],
    })
    const router = createMemoryRouter([{ path: '*', element: <CartButton /> }])
    // As the server renders it (entry-server.tsx): before hydration.
    const html = renderToString(
      <HydratedProvider value={false}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </HydratedProvider>,
    )
    expect(html).toContain('aria-label="Cart, 0 items"')
    // The menu is in the server's HTML too, so hydration finds what the server sent.
    expect(html).toContain('href="/quick-order"')
  })
})
