import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import { messages } from '@toolworks/shared'

import { holdEnd } from '@/features/orders/utils/hold-end'
import { makeOrder, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersDeniedHandler, ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'

function setup() {
  const orders = ordersServer([
    makeOrder({
      _id: 'o3',
      orderNumber: 'TW-10482',
      createdAt: '2026-11-20T10:00:00.000Z',
      customer: email,
      customerName: 'Jane',
      tools: 'Hammer',
    }),
    makeOrder({
      _id: 'o2',
      customer: email,
      customerName: 'Jane',
      tools: 'Wrench',
      orderNumber: 'TW-10481',
      purchaseQuantity: 3,
      price: 19.99,
      totalMoney: 59.97,
      paid: true,
      status: 'paid',
      transactionId: 'pi_paid_123',
    }),
    makeOrder({
      _id: 'o1',
      customer: email,
      customerName: 'Jane',
      tools: 'Saw',
      paid: true,
      status: 'shipped',
      transactionId: 'pi_ship_456',
    }),
    makeOrder({ _id: 'other', customer: 'someone@example.com', tools: 'Not mine' }),
  ])
  server.use(sessionHandler(makeUser({ email })), ...orders.handlers)
  return { ...renderApp('/dashboard/myorder'), orders }
}

const rowOf = (tool: string) => screen.getByRole('cell', { name: tool }).closest('tr')!

// Only the confirm spy: the console guard restores its own spies after this.
let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => confirm?.mockRestore())

describe('My Orders', () => {
  test('shows the count and the payment state of each order', async () => {
    const { orders } = setup()
    expect(
      await screen.findByRole('heading', { level: 2, name: 'My Orders (3)' }),
    ).toBeInTheDocument()
    expect(orders.seen[0]?.url.searchParams.get('customer')).toBe(email)

    const hammer = within(rowOf('Hammer'))
    expect(hammer.getByRole('link', { name: 'Pay: Hammer' })).toHaveAttribute(
      'href',
      '/dashboard/payment/o3',
    )
    const wrench = within(rowOf('Wrench'))
    expect(wrench.getByText('Paid')).toBeInTheDocument()
    expect(wrench.getByText('pi_paid_123')).toBeInTheDocument()
    expect(wrench.getByText('$59.97')).toBeInTheDocument()
    expect(wrench.queryByRole('link', { name: /Pay/ })).toBeNull()
    const saw = within(rowOf('Saw'))
    expect(saw.getByText('Shipped')).toBeInTheDocument()
    expect(saw.getByText('pi_ship_456')).toBeInTheDocument()
    expect(screen.queryByText('Not mine')).toBeNull()
  })

  test('each order has its number and date; Delete only where it cancels, "Need a change?" on paid and shipped', async () => {
    setup()
    await screen.findByRole('heading', { level: 2, name: 'My Orders (3)' })
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headings).toEqual([
      '#',
      'Order',
      'Date',
      'Name',
      'Tool',
      'Ordered quantity',
      'Order money',
      'Payment',
      'Delete',
    ])
    const hammer = within(rowOf('Hammer'))
    expect(hammer.getByRole('cell', { name: 'TW-10482' })).toBeInTheDocument()
    expect(hammer.getByRole('cell', { name: '2026-11-20' })).toBeInTheDocument()
    expect(hammer.getByRole('button', { name: 'Delete: Hammer' })).toBeInTheDocument()

    for (const tool of ['Wrench', 'Saw']) {
      const row = within(rowOf(tool))
      expect(row.queryByRole('button', { name: `Delete: ${tool}` })).toBeNull()
      expect(row.getByRole('link', { name: 'Need a change? Contact us' })).toBeInTheDocument()
    }
    expect(
      within(rowOf('Wrench')).getByRole('link', { name: 'Need a change? Contact us' }),
    ).toHaveAttribute('href', '/?order=TW-10481#contact')
    // Paid and shipped are told apart by their look too.
    expect(within(rowOf('Wrench')).getByText('Paid').className).not.toBe(
      within(rowOf('Saw')).getByText('Shipped').className,
    )
  })

  test('an unpaid order shows how long it holds its stock ("Pay within"); a paid one does not', async () => {
    const payBy = new Date(Date.now() + 47.5 * 3_600_000).toISOString()
    const orders = ordersServer([
      makeOrder({ _id: 'u1', customer: email, tools: 'Hammer', payBy }),
      makeOrder({
        _id: 'p1',
        customer: email,
        tools: 'Wrench',
        paid: true,
        status: 'paid',
        transactionId: 'pi_paid_1',
      }),
    ])
    server.use(sessionHandler(makeUser({ email })), ...orders.handlers)
    renderApp('/dashboard/myorder')

    const hammer = within(await screen.findByRole('cell', { name: /Pay within/ }))
    expect(hammer.getByText('Pay within 47 h')).toHaveAttribute('datetime', payBy)
    expect(within(rowOf('Hammer')).getByRole('link', { name: 'Pay: Hammer' })).toBeInTheDocument()
    expect(within(rowOf('Wrench')).queryByText(/Pay within/)).toBeNull()
  })

  test('an unverified buyer is told until when an unpaid order is held, and what verifying gains', async () => {
    const payBy = new Date(Date.now() + 40 * 60_000)
    const orders = ordersServer([
      makeOrder({ _id: 'u1', customer: email, tools: 'Hammer', payBy: payBy.toISOString() }),
      makeOrder({ _id: 'p1', customer: email, tools: 'Wrench', paid: true, status: 'paid' }),
    ])
    server.use(sessionHandler(makeUser({ email, emailVerified: false })), ...orders.handlers)
    renderApp('/dashboard/myorder')

    const time = holdEnd(payBy.toISOString())
    const notice = await screen.findByTestId('hold-notice')
    expect(notice).toHaveTextContent(messages.ordering.heldUntil(time, 48))
    expect(notice).toHaveTextContent(/verify your e-mail to keep orders for 48 hours/)
    expect(within(rowOf('Hammer')).getByTestId('hold-notice')).toBe(notice)
    expect(screen.getAllByTestId('hold-notice')).toHaveLength(1)
  })

  test('a verified buyer sees no hold notice', async () => {
    const payBy = new Date(Date.now() + 47 * 3_600_000).toISOString()
    const orders = ordersServer([makeOrder({ _id: 'u1', customer: email, tools: 'Hammer', payBy })])
    server.use(sessionHandler(makeUser({ email, emailVerified: true })), ...orders.handlers)
    renderApp('/dashboard/myorder')

    await screen.findByRole('cell', { name: /Pay within/ })
    expect(screen.queryByTestId('hold-notice')).toBeNull()
  })

  test('delete asks first, then deletes, toasts and refreshes the list', async () => {
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const { user, orders } = setup()
    await user.click(await screen.findByRole('button', { name: 'Delete: Hammer' }))

    expect(confirm).toHaveBeenCalledWith('Do you delete this item?')
    expect(await screen.findByText('order deleted successfully')).toBeInTheDocument()
    expect(orders.seen.some((r) => r.method === 'DELETE' && r.url.pathname.endsWith('/o3'))).toBe(
      true,
    )
    expect(await screen.findByText('My Orders (2)')).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'Hammer' })).toBeNull()
  })

  test('nothing is deleted when the confirm is cancelled', async () => {
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { user, orders } = setup()
    await user.click(await screen.findByRole('button', { name: 'Delete: Hammer' }))

    expect(orders.seen.some((r) => r.method === 'DELETE')).toBe(false)
    expect(screen.getByText('My Orders (3)')).toBeInTheDocument()
    expect(screen.queryByText('order deleted successfully')).toBeNull()
  })

  test('says so when there are no orders', async () => {
    server.use(sessionHandler(makeUser({ email })))
    renderApp('/dashboard/myorder')
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument()
    expect(screen.getByText('My Orders (0)')).toBeInTheDocument()
  })

  test('a 401 signs the user out, clears the token and goes to /', async () => {
    let signedOut = false
    server.use(
      sessionHandler(makeUser({ email })),
      ordersDeniedHandler('get', '/api/purchase', 401),
      http.post('/api/auth/sign-out', () => {
        signedOut = true
        return HttpResponse.json({ success: true })
      }),
    )
    localStorage.setItem('accessToken', 'stale')
    const { router } = renderApp('/dashboard/myorder')

    await expect.poll(() => router.state.location.pathname).toBe('/')
    expect(signedOut).toBe(true)
    expect(localStorage.getItem('accessToken')).toBeNull()
  })
})
