import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'

import { AppProviders } from '@/app/providers'
import { captureEarlyClicks } from '@/lib/event-replay'
import { HydratedProvider } from '@/lib/use-hydrated'
import { makeTool } from '@/testing/factories'
import { renderWithProviders, testQueryClient } from '@/testing/render'

import { readBrowserCart } from '../utils/browser-cart'
import { AddToCartButton } from './add-to-cart-button'
import { cardAddToCart } from './lazy-cart'

describe('Add to cart', () => {
  // First in the file: the button's code is not loaded yet (React.lazy keeps it once loaded).
  test('a click on the card’s stand-in, before the button’s code has loaded, is replayed once it has', async () => {
    captureEarlyClicks(document)
    const tool = makeTool({ _id: 'clamp', name: 'C-Clamp', minimum: 2 })
    renderWithProviders(<>{cardAddToCart(tool, 'name-id')}</>)
    const standIn = screen.getByRole('button', { name: 'Add to cart' })
    expect(standIn).toBeEnabled()
    expect(standIn).toHaveAttribute('data-replay', 'add-to-cart:clamp')

    fireEvent.click(standIn)

    expect(await screen.findByText('2 × C-Clamp added to the cart')).toBeInTheDocument()
    expect(readBrowserCart()).toEqual([{ tool: 'clamp', quantity: 2 }])
  })

  test('on a card: adds the tool’s minimum to a visitor’s cart, again adds more, and says so', async () => {
    const tool = makeTool({ _id: 'vise', name: 'Bench Vise', minimum: 5 })
    const { user } = renderWithProviders(<>{cardAddToCart(tool, 'name-id')}</>)
    // The button's logic loads after the first render; till then a stand-in whose clicks the
    // boot script holds stands in its place.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to cart' })).not.toHaveAttribute(
        'data-replay',
      ),
    )

    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    // How much went in, and a way to the cart.
    expect(await screen.findByText('5 × Bench Vise added to the cart')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'View cart' })).toBeInTheDocument()
    expect(readBrowserCart()).toEqual([{ tool: 'vise', quantity: 5 }])
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(readBrowserCart()).toEqual([{ tool: 'vise', quantity: 10 }])
  })

  test('a tool sold in packs says how many packs went in, and View cart opens the cart', async () => {
    const tool = makeTool({ _id: 'bolts', name: 'Hex Bolts', minimum: 20, packSize: 10 })
    const { user, router } = renderWithProviders(<>{cardAddToCart(tool, 'name-id')}</>)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to cart' })).not.toHaveAttribute(
        'data-replay',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(
      await screen.findByText('2 packs of 10 added to the cart: Hex Bolts'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'View cart' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
  })

  test('is disabled on a card whose tool has less stock than its minimum (and is not made to order)', async () => {
    const short = makeTool({ name: 'Short', quantity: 2, minimum: 5 })
    const made = makeTool({
      name: 'Made',
      quantity: 2,
      minimum: 5,
      madeToOrder: true,
      leadTimeDays: 5,
    })
    renderWithProviders(
      <>
        <span id="short">Short</span>
        {cardAddToCart(short, 'short')}
        <span id="made">Made</span>
        {cardAddToCart(made, 'made')}
      </>,
    )
    const button = (name: string) =>
      screen
        .getAllByRole('button', { name: 'Add to cart' })
        .find((b) => b.getAttribute('aria-describedby') === name)!
    await waitFor(() => expect(button('made')).toBeEnabled())
    expect(button('short')).toBeDisabled()
  })

  test('the server’s HTML has it disabled: a click before hydration would be lost', () => {
    const router = createMemoryRouter([
      { path: '*', element: <AddToCartButton tool={makeTool()} quantity={5} /> },
    ])
    // As the server renders it (entry-server.tsx): before hydration.
    const html = renderToString(
      <HydratedProvider value={false}>
        <AppProviders queryClient={testQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </HydratedProvider>,
    )
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Add to cart<\/button>/)
  })
})
