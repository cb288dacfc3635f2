import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer, makeCartQuoteLine } from '@/testing/handlers/cart'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

import { BROWSER_CART_KEY } from '../utils/browser-cart'

const browserCart = (lines: { tool: string; quantity: number }[]) =>
  localStorage.setItem(BROWSER_CART_KEY, JSON.stringify({ lines }))

/** Password sign-in that answers 200 and, from then on, a session for that email. */
function signInSucceeds() {
  server.use(
    http.post('/api/auth/sign-in/email', async ({ request }) => {
      const body = (await request.json()) as { email: string }
      server.use(sessionHandler(makeUser({ email: body.email })))
      return HttpResponse.json({ user: { email: body.email } })
    }),
    http.put('/api/user/:email', () => HttpResponse.json({ token: 'the-token' })),
  )
}

describe('the browser cart at sign-in', () => {
  test('is merged into the account: its lines kept, new tools appended, the larger quantity of a tool in both', async () => {
    browserCart([
      { tool: 'saw', quantity: 6 },
      { tool: 'bolts', quantity: 100 },
      { tool: 'drill', quantity: 2 },
    ])
    const cart = cartServer([
      { tool: 'drill', quantity: 10 },
      { tool: 'saw', quantity: 4 },
    ])
    server.use(...cart.handlers)
    signInSucceeds()
    const { user } = renderApp('/login')

    await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    await expect
      .poll(() => cart.lines())
      .toEqual([
        { tool: 'drill', quantity: 10 },
        { tool: 'saw', quantity: 6 },
        { tool: 'bolts', quantity: 100 },
      ])
    // One PUT: the merged cart, sent after reading the account's.
    const methods = cart.seen.map((r) => r.method)
    expect(methods.filter((m) => m === 'PUT')).toHaveLength(1)
    expect(methods.indexOf('GET')).toBeLessThan(methods.indexOf('PUT'))
    // The browser copy is forgotten once the server holds it; the header counts the merged lines.
    await expect.poll(() => localStorage.getItem(BROWSER_CART_KEY)).toBeNull()
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument()
  })

  test('keeps the account’s custom parts in the merged cart', async () => {
    browserCart([{ tool: 'saw', quantity: 6 }])
    const bracket = makeCartQuoteLine({ quote: 'q1', quantity: 500 })
    const cart = cartServer([{ tool: 'drill', quantity: 10 }, bracket])
    server.use(sessionHandler(makeUser()), ...cart.handlers)
    localStorage.setItem('accessToken', 'token-1')
    renderApp('/products')

    await expect
      .poll(() => cart.seen.filter((r) => r.method === 'PUT').map((r) => r.body))
      .toEqual([
        {
          lines: [
            { tool: 'drill', quantity: 10 },
            { tool: 'saw', quantity: 6 },
            { quote: 'q1', quantity: 500 },
          ],
        },
      ])
    expect(cart.lines()).toContainEqual(bracket)
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument()
  })

  test('a session found on load merges too, and an empty browser cart sends nothing', async () => {
    const cart = cartServer([{ tool: 'drill', quantity: 10 }])
    server.use(sessionHandler(makeUser()), ...cart.handlers)
    localStorage.setItem('accessToken', 'token-1')
    renderApp('/products')

    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
    expect(cart.seen.filter((r) => r.method === 'PUT')).toEqual([])
  })

  test('a refused merge keeps the browser copy', async () => {
    browserCart([{ tool: 'bolts', quantity: 100 }])
    server.use(
      sessionHandler(makeUser()),
      http.get('/api/cart', () => HttpResponse.json({ lines: [] })),
      http.put('/api/cart', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please order in multiples of 50',
              fields: { 'lines.0.quantity': 'Please order in multiples of 50' },
            },
          },
          { status: 400 },
        ),
      ),
    )
    localStorage.setItem('accessToken', 'token-1')
    renderApp('/products')

    expect(await screen.findByText('Please order in multiples of 50')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(BROWSER_CART_KEY) ?? 'null')).toEqual({
      lines: [{ tool: 'bolts', quantity: 100 }],
    })
  })
})
