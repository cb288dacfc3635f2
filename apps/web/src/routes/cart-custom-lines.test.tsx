import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeOrder, makeTool, makeUser } from '@/testing/factories'
import { profileHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer, checkoutHandler, makeCartQuoteLine } from '@/testing/handlers/cart'
import { toolsByIdHandler } from '@/testing/handlers/catalog'
import { ordersServer } from '@/testing/handlers/orders'
import { paymentsConfigHandler, paymentsServer } from '@/testing/handlers/payments'
import { activePromotionsHandler } from '@/testing/handlers/promotions'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'
const saw = makeTool({ _id: 'saw', name: 'Hand Saw', price: 25, minimum: 1, quantity: 30 })
// 500 brackets at $2.40: $1,200.00, shipping in about 12 working days.
const bracket = makeCartQuoteLine({
  quote: 'q1',
  name: 'Custom: Bracket',
  quantity: 500,
  unitPrice: 2.4,
  leadTimeDays: 12,
})

function signedIn() {
  const cart = cartServer([{ tool: 'saw', quantity: 2 }, bracket])
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
    toolsByIdHandler([saw]),
    ...cart.handlers,
  )
  localStorage.setItem('accessToken', 'token-1')
  return cart
}

const puts = (cart: ReturnType<typeof cartServer>) =>
  cart.seen.filter((request) => request.method === 'PUT').map((request) => request.body)

const customRow = () =>
  within(screen.getByRole('rowheader', { name: /Custom: Bracket/ }).closest('tr') ?? document.body)

describe('/cart with a custom part', () => {
  test('shows the custom line read-only with its link, price, total and lead time; totals and count include it', async () => {
    signedIn()
    renderApp('/cart')

    const row = await screen.findByRole('rowheader', { name: /Custom: Bracket/ })
    expect(within(row).getByRole('link', { name: 'Custom: Bracket' })).toHaveAttribute(
      'href',
      '/dashboard/myquotes/q1',
    )
    expect(row).toHaveTextContent('ships in about 12 working days from payment')
    // The quantity is the quote's: shown, not editable.
    expect(customRow().queryByRole('spinbutton')).toBeNull()
    expect(customRow().getByTestId('quote-quantity')).toHaveTextContent('500')
    expect(customRow().getByTestId('unit-price')).toHaveTextContent('$2.40')
    expect(customRow().getByTestId('line-total')).toHaveTextContent('$1,200.00')
    // The saw's $50.00 plus the bracket's $1,200.00.
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('$1,250.00')
    // The header counts from the same cart, on its own render: wait for it, do not race it.
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument()
  })

  test('the estimated first-order discount counts the custom line', async () => {
    signedIn()
    server.use(
      activePromotionsHandler([
        {
          id: 'p1',
          kind: 'first-order',
          percent: 10,
          cap: 1000,
          startsAt: '2025-01-01',
          endsAt: '2099-12-31',
          title: '10% off',
          text: 'Ten percent off your first order',
        },
      ]),
    )
    renderApp('/cart')

    await screen.findByRole('rowheader', { name: /Custom: Bracket/ })
    // The estimate waits for the promotions and the buyer's orders: slow on a busy machine.
    expect(await screen.findByTestId('cart-discount', {}, { timeout: 5000 })).toHaveTextContent(
      '−$125.00',
    )
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,125.00')
  })

  test('Remove on the custom line DELETEs its quote from the cart, sends no PUT and keeps the tools', async () => {
    const cart = signedIn()
    const { user } = renderApp('/cart')

    await user.click(await screen.findByRole('button', { name: 'Remove Custom: Bracket' }))

    await expect
      .poll(() => cart.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname))
      .toEqual(['/api/cart/quote/q1'])
    expect(puts(cart)).toEqual([])
    expect(cart.lines()).toEqual([{ tool: 'saw', quantity: 2 }])
    expect(screen.queryByRole('rowheader', { name: /Custom: Bracket/ })).toBeNull()
    expect(screen.getByRole('rowheader', { name: /Hand Saw/ })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
  })

  test('changing a tool quantity keeps the custom line in the PUT, and on screen', async () => {
    const cart = signedIn()
    const { user } = renderApp('/cart')

    const quantity = await screen.findByLabelText('Quantity of Hand Saw')
    await user.clear(quantity)
    await user.type(quantity, '3')

    await expect
      .poll(() => puts(cart).at(-1))
      .toEqual({
        lines: [
          { tool: 'saw', quantity: 3 },
          { quote: 'q1', quantity: 500 },
        ],
      })
    expect(cart.lines()).toContainEqual(bracket)
    expect(customRow().getByTestId('line-total')).toHaveTextContent('$1,200.00')
  })

  test('checkout sends the tool and the custom line as one order, then both leave the cart', async () => {
    const cart = signedIn()
    const placed = makeOrder({ _id: 'o9', customer: email, customerName: 'Jane Doe' })
    const orders = ordersServer([placed])
    const checkout = checkoutHandler({
      order: () => {
        cart.ordered(['q1'])
        return placed
      },
    })
    server.use(
      checkout.handler,
      ...orders.handlers,
      paymentsConfigHandler('sandbox'),
      ...paymentsServer(orders).handlers,
    )
    const { user, router } = renderApp('/cart')

    await screen.findByLabelText('Phone')
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/payment/o9')
    expect(checkout.seen).toEqual([
      {
        lines: [
          { tool: 'saw', quantity: 2 },
          { quote: 'q1', quantity: 500 },
        ],
        phone: '+880 1711 111111',
        company: '',
        street: 'Road 5',
        city: 'Dhaka',
        postcode: '1205',
        currency: 'USD',
        country: 'BD',
        bin: '',
      },
    ])
    await expect.poll(() => cart.lines()).toEqual([])
  })

  test('a refusal naming lines.<i>.quote shows on the custom line', async () => {
    signedIn()
    const why = 'This quote expired on 2026-11-20. Send it again as a new request.'
    server.use(
      checkoutHandler({
        refuse: { status: 409, index: 1, field: 'quote', message: `Line 2: ${why}`, why },
      }).handler,
    )
    const { user, router } = renderApp('/cart')

    await screen.findByLabelText('Phone')
    await user.click(await screen.findByRole('button', { name: 'Checkout' }))

    expect(await customRow().findByText(why)).toBeInTheDocument()
    expect(screen.getByLabelText('Quantity of Hand Saw')).not.toHaveAttribute('aria-invalid')
    expect(router.state.location.pathname).toBe('/cart')
  })
})
