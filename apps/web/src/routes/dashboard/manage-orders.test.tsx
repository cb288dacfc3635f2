import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

// Only the confirm spy: the console guard restores its own spies after this.
let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => {
  vi.useRealTimers()
  confirm?.mockRestore()
})

function setup(path = '/dashboard/manageorders') {
  const orders = ordersServer([
    makeOrder({
      _id: 'o2',
      orderNumber: 'TW-10482',
      tools: 'Wrench',
      customer: 'ann@example.com',
      customerName: 'Ann',
      purchaseQuantity: 3,
      price: 19.99,
      totalMoney: 59.97,
      paid: true,
      status: 'paid',
      transactionId: 'pi_1',
    }),
    makeOrder({
      _id: 'o1',
      tools: 'Hammer',
      customer: 'bob@example.com',
      customerName: 'Bob',
      purchaseQuantity: 20,
    }),
  ])
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...orders.handlers)
  return { ...renderApp(path), orders }
}

const lastAdminRequest = (seen: ReturnType<typeof ordersServer>['seen']) =>
  seen.filter((r) => r.url.pathname === '/api/purchase/admin').at(-1)

describe('Manage Orders', () => {
  test('shows every order with its columns and status', async () => {
    setup()
    const wrenchCell = await screen.findByRole('cell', { name: 'Wrench' })
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(
      expect.arrayContaining([
        'Date',
        'Product name',
        'Customer name',
        'Customer email',
        'Order quantity',
        'Total price',
        'Status',
      ]),
    )
    const wrench = within(wrenchCell.closest('tr')!)
    expect(wrench.getByText('Ann')).toBeInTheDocument()
    // Cut at 1280 px, so the whole name and e-mail are on hover.
    expect(wrench.getByText('ann@example.com')).toHaveAttribute('title', 'ann@example.com')
    expect(wrench.getByText('Wrench')).toHaveAttribute('title', 'Wrench')
    expect(wrench.getByText('$59.97')).toBeInTheDocument()
    expect(wrench.getByText('Paid')).toBeInTheDocument()
    const hammer = within(screen.getByRole('cell', { name: 'Hammer' }).closest('tr')!)
    expect(hammer.getByText('Unpaid')).toBeInTheDocument()
    expect(hammer.queryByRole('button', { name: /Mark shipped/ })).toBeNull()
  })

  test('the status filter goes into the URL and the request', async () => {
    const { user, router, orders } = setup()
    await screen.findByRole('cell', { name: 'Wrench' })
    await user.selectOptions(screen.getByLabelText('Status'), 'Paid')

    await expect.poll(() => router.state.location.search).toBe('?status=paid')
    await expect
      .poll(() => lastAdminRequest(orders.seen)?.url.searchParams.get('status'))
      .toBe('paid')
    await expect.poll(() => screen.queryByRole('cell', { name: 'Hammer' })).toBeNull()
  })

  test('the URL sets the filters and the email search is sent as q', async () => {
    const { user, router, orders } = setup('/dashboard/manageorders?status=unpaid')
    expect(await screen.findByRole('cell', { name: 'Hammer' })).toBeInTheDocument()
    expect(screen.getByLabelText('Status')).toHaveValue('unpaid')
    expect(lastAdminRequest(orders.seen)?.url.searchParams.get('status')).toBe('unpaid')

    await user.type(screen.getByLabelText('Search by customer email or order number'), 'bob')
    await expect.poll(() => router.state.location.search).toBe('?status=unpaid&q=bob')
    await expect.poll(() => lastAdminRequest(orders.seen)?.url.searchParams.get('q')).toBe('bob')
  })

  test('Mark shipped asks first, can be undone for 10 s, then sends PATCH, toasts and shows Shipped', async () => {
    const { user, orders } = setup()
    const button = await screen.findByRole('button', {
      name: 'Mark shipped: Wrench, ann@example.com',
    })
    const patches = () => orders.seen.filter((r) => r.method === 'PATCH')
    confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false)
    await user.click(button)
    expect(confirm).toHaveBeenCalledWith('Mark order TW-10482 as shipped?')
    expect(button).toBeEnabled()

    // Confirmed, then undone: nothing reaches the server, the order stays paid.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    confirm.mockReturnValue(true)
    await user.click(button)
    expect(await screen.findByText('Order TW-10482 will be marked shipped.')).toBeInTheDocument()
    expect(button).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Order TW-10482 stays paid.')).toBeInTheDocument()
    vi.advanceTimersByTime(15_000)
    expect(patches()).toEqual([])
    expect(button).toBeEnabled()

    // Confirmed and left alone: sent once the 10 s are up.
    await user.click(button)
    await screen.findAllByText('Order TW-10482 will be marked shipped.')
    vi.advanceTimersByTime(9_000)
    expect(patches()).toEqual([])
    vi.advanceTimersByTime(1_000)
    vi.useRealTimers()
    expect(await screen.findByText('Order marked as shipped.')).toBeInTheDocument()
    expect(patches()).toHaveLength(1)
    expect(patches()[0]?.url.pathname).toBe('/api/purchase/o2/status')
    expect(patches()[0]?.body).toEqual({ status: 'shipped' })
    const wrench = within(screen.getByRole('cell', { name: 'Wrench' }).closest('tr')!)
    expect(await wrench.findByText('Shipped')).toBeInTheDocument()
  }, 20_000)
  test('25 orders a page, the page in the URL; a new filter starts again on page 1', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      makeOrder({ _id: `m${i + 1}`, tools: `Part ${i + 1}`, customer: 'ann@example.com' }),
    )
    const orders = ordersServer(many)
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...orders.handlers,
    )
    const { user, router } = renderApp('/dashboard/manageorders')

    await screen.findByRole('cell', { name: 'Part 1' })
    expect(screen.queryByRole('cell', { name: 'Part 26' })).toBeNull()
    const pages = screen.getByRole('navigation', { name: 'Pages of orders' })
    await user.click(within(pages).getByRole('link', { name: 'Page 2' }))
    await expect.poll(() => router.state.location.search).toBe('?page=2')
    expect(await screen.findByRole('cell', { name: 'Part 26' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'Part 25' })).toBeNull()
    // Numbered on from page 1.
    const row = screen.getByRole('cell', { name: 'Part 26' }).closest('tr')!
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/^26/)

    await user.selectOptions(screen.getByLabelText('Status'), 'Unpaid')
    await expect.poll(() => router.state.location.search).toBe('?status=unpaid')
  })
})
