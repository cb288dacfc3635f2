import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function setup(path = '/dashboard/manageorders') {
  const orders = ordersServer([
    makeOrder({
      _id: 'o2',
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
    expect(wrench.getByText('ann@example.com')).toBeInTheDocument()
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

    await user.type(screen.getByLabelText('Search by customer email'), 'bob')
    await expect.poll(() => router.state.location.search).toBe('?status=unpaid&q=bob')
    await expect.poll(() => lastAdminRequest(orders.seen)?.url.searchParams.get('q')).toBe('bob')
  })

  test('Mark shipped sends PATCH, toasts and shows Shipped', async () => {
    const { user, orders } = setup()
    await user.click(
      await screen.findByRole('button', { name: 'Mark shipped: Wrench, ann@example.com' }),
    )

    expect(await screen.findByText('Order marked as shipped.')).toBeInTheDocument()
    const patch = orders.seen.find((r) => r.method === 'PATCH')
    expect(patch?.url.pathname).toBe('/api/purchase/o2/status')
    expect(patch?.body).toEqual({ status: 'shipped' })
    const wrench = within(screen.getByRole('cell', { name: 'Wrench' }).closest('tr')!)
    expect(await wrench.findByText('Shipped')).toBeInTheDocument()
  })
})
