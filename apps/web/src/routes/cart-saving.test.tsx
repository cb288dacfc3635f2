import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { makeOrder, makeTool, makeUser } from '@/testing/factories'
import { profileHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer, checkoutHandler } from '@/testing/handlers/cart'
import { toolsByIdHandler } from '@/testing/handlers/catalog'
import { ordersServer } from '@/testing/handlers/orders'
import { paymentsConfigHandler, paymentsServer } from '@/testing/handlers/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

// The cart saved on every keystroke. It waits for the typing to pause, sends the
// last value, and sends a waiting save at once when the page is left, hidden or checked out.

const email = 'jane@example.com'
// Packs of 10 from 10: 20, 30 … 60 are all quantities the rules take (each would be saved).
const bolts = makeTool({
  _id: 'bolts',
  name: 'Hex Bolts',
  minimum: 10,
  packSize: 10,
  quantity: 500,
})

function signedIn() {
  const cart = cartServer([{ tool: 'bolts', quantity: 10 }])
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe' })),
    profileHandler({
      phone: '+880 1711 111111',
      location: 'Dhaka',
      // The delivery block checkout starts from.
      street: 'Road 5',
      city: 'Dhaka',
      postcode: '1205',
    }),
    toolsByIdHandler([bolts]),
    ...cart.handlers,
  )
  localStorage.setItem('accessToken', 'token-1')
  return cart
}

const puts = (cart: ReturnType<typeof cartServer>) =>
  cart.seen.filter((request) => request.method === 'PUT').map((request) => request.body)

/** The cart page, loaded with real timers; from then on setTimeout is the test's to move. */
async function typingIn(path = '/cart') {
  const view = renderApp(path)
  const input = await screen.findByLabelText('Quantity of Hex Bolts')
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const type = async (value: string) => {
    fireEvent.change(input, { target: { value } })
    // A quick typist: the next value 100 ms later, well inside the wait.
    await vi.advanceTimersByTimeAsync(100)
  }
  return { ...view, type }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('saving the cart', () => {
  test('five quantities typed quickly send one PUT, with the last value', async () => {
    const cart = signedIn()
    const { type } = await typingIn()

    for (const value of ['20', '30', '40', '50', '60']) await type(value)
    // Still typing (100 ms since the last value): nothing sent yet, the last value on screen.
    expect(puts(cart)).toEqual([])
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()

    await vi.advanceTimersByTimeAsync(400)
    vi.useRealTimers()
    await expect.poll(() => cart.lines()).toEqual([{ tool: 'bolts', quantity: 60 }])
    expect(puts(cart)).toEqual([{ lines: [{ tool: 'bolts', quantity: 60 }] }])
  })

  test('leaving the cart page sends a waiting save at once', async () => {
    const cart = signedIn()
    const { type, router } = await typingIn()

    await type('70')
    // The page's timers stay still from here (expect.poll keeps its own): only leaving sends it.
    await router.navigate('/products')
    await expect.poll(() => puts(cart)).toEqual([{ lines: [{ tool: 'bolts', quantity: 70 }] }])
  })

  test('a hidden page sends a waiting save at once, kept alive if the tab closes', async () => {
    const cart = signedIn()
    const keptAlive: boolean[] = []
    const { type } = await typingIn()
    const fetchSpy = vi.spyOn(window, 'fetch')

    await type('80')
    window.dispatchEvent(new Event('pagehide'))
    await expect.poll(() => puts(cart)).toEqual([{ lines: [{ tool: 'bolts', quantity: 80 }] }])
    for (const [, init] of fetchSpy.mock.calls)
      if (init?.method === 'PUT') keptAlive.push(init.keepalive === true)
    expect(keptAlive).toEqual([true])
  })

  test('checkout sends a waiting save first', async () => {
    const cart = signedIn()
    // The order it places, served to the payment page the checkout opens.
    const placed = makeOrder({ _id: 'o14', customer: email, customerName: 'Jane Doe' })
    const orders = ordersServer([placed])
    const checkout = checkoutHandler({ order: () => placed })
    server.use(
      checkout.handler,
      ...orders.handlers,
      paymentsConfigHandler('sandbox'),
      ...paymentsServer(orders).handlers,
    )
    const { type, router } = await typingIn()

    await type('90')
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }))
    // The save went as the checkout was asked for, not 400 ms later.
    await expect.poll(() => checkout.seen.length).toBe(1)
    expect(puts(cart)[0]).toEqual({ lines: [{ tool: 'bolts', quantity: 90 }] })
    // The test ends where the app does, on the payment page, with nothing left in flight.
    vi.useRealTimers()
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/payment/o14')
    await screen.findByRole('heading', { name: /payment/i })
  })
})
