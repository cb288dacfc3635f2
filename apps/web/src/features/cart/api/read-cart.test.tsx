import { screen } from '@testing-library/react'
import { http } from 'msw'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'

import { cartContract } from '@toolworks/shared'

import { makeTool, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer } from '@/testing/handlers/cart'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { AddToCartButton } from '../components/add-to-cart-button'
import { CartButton } from '../components/cart-button'
import { CartSync } from '../components/cart-sync'
import { BROWSER_CART_KEY, readBrowserCart } from '../utils/browser-cart'

/**
 * The first GET /api/cart waits until `release()`; later ones answer at once. While it waits,
 * the test takes away every part showing the cart, which cancels the read (its signal is the
 * fetch's): a click or a merge built on that read must still land.
 */
function heldFirstRead(cart: ReturnType<typeof cartServer>) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let reads = 0
  server.use(
    http.get(cartContract.get.path, async () => {
      reads += 1
      if (reads === 1) await released
    }),
    ...cart.handlers,
  )
  return { release, reads: () => reads }
}

/** Parts that show the cart, until the button below takes them away (a grid re-rendered). */
function Shown({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState(true)
  return (
    <>
      {shown && children}
      <button type="button" onClick={() => setShown(false)}>
        Take away
      </button>
    </>
  )
}

describe('a change built on the account’s cart while its read is cancelled', () => {
  test('the browser’s cart is still merged at sign-in', async () => {
    localStorage.setItem(
      BROWSER_CART_KEY,
      JSON.stringify({ lines: [{ tool: 'saw', quantity: 6 }] }),
    )
    localStorage.setItem('accessToken', 'token-1')
    const cart = cartServer([{ tool: 'drill', quantity: 10 }])
    server.use(sessionHandler(makeUser()))
    const read = heldFirstRead(cart)
    const { user } = renderWithProviders(
      <>
        <CartSync />
        <Shown>
          <CartButton />
        </Shown>
      </>,
    )
    await expect.poll(read.reads).toBe(1)

    await user.click(screen.getByRole('button', { name: 'Take away' }))
    read.release()

    await expect
      .poll(() => cart.lines())
      .toEqual([
        { tool: 'drill', quantity: 10 },
        { tool: 'saw', quantity: 6 },
      ])
    await expect.poll(readBrowserCart).toEqual([])
  })

  test('an Add to cart clicked then is still added', async () => {
    localStorage.setItem('accessToken', 'token-1')
    const cart = cartServer([{ tool: 'drill', quantity: 10 }])
    server.use(sessionHandler(makeUser()))
    const read = heldFirstRead(cart)
    const tool = makeTool({ _id: 'saw', name: 'Hand Saw', minimum: 2 })
    const { user } = renderWithProviders(
      <Shown>
        <CartButton />
        <AddToCartButton tool={tool} quantity={2} />
      </Shown>,
    )
    await expect.poll(read.reads).toBe(1)

    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    await user.click(screen.getByRole('button', { name: 'Take away' }))
    read.release()

    await expect
      .poll(() => cart.lines())
      .toEqual([
        { tool: 'drill', quantity: 10 },
        { tool: 'saw', quantity: 2 },
      ])
    expect(await screen.findByText('2 × Hand Saw added to the cart')).toBeInTheDocument()
  })
})
