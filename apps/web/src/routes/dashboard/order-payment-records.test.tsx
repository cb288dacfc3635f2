import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { paymentRecordWords, type OrderPaymentsResponse } from '@toolworks/shared'

import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { orderPaymentsServer } from '@/testing/handlers/order-payments'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const w = paymentRecordWords
const email = 'karim@example.com'

const records: OrderPaymentsResponse = {
  payments: [
    {
      id: 'p1',
      method: 'sslcommerz',
      amount: 2500,
      currency: 'BDT',
      state: 'received',
      providerRef: 'BANKTXN-77',
      at: '2026-11-20T06:00:00Z',
    },
    {
      id: 'p2',
      method: 'card',
      amount: 2500,
      currency: 'BDT',
      state: 'refunded',
      providerRef: null,
      at: '2026-11-20T06:05:00Z',
    },
  ],
  refunds: [
    {
      id: 'r1',
      payment: 'p2',
      amount: 2500,
      currency: 'BDT',
      state: 'failed',
      reason: 'duplicate',
      at: '2026-11-21T06:00:00Z',
    },
  ],
}

function setup(path: string, asAdmin = false) {
  const orders = ordersServer([
    makeOrder({ _id: 'o1', customer: email, tools: 'Lathe chuck', paymentState: 'unpaid' }),
    makeOrder({
      _id: 'o2',
      customer: email,
      tools: 'Grinder',
      paid: true,
      status: 'paid',
      currency: 'BDT',
      paymentMethod: 'sslcommerz',
      paymentState: 'paid',
    }),
  ])
  const payments = orderPaymentsServer({ o2: records })
  server.use(
    sessionHandler(makeUser({ email })),
    adminHandler(asAdmin ? [email] : []),
    ...orders.handlers,
    ...payments.handlers,
  )
  renderApp(path)
  return payments
}

async function openRecords() {
  const toggle = await screen.findByRole(
    'button',
    { name: new RegExp(w.toggle) },
    { timeout: 10_000 },
  )
  expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await userEvent.click(toggle)
  expect(toggle).toHaveAttribute('aria-expanded', 'true')
  return toggle
}

// The first render of the dashboard is slow on a shared machine; the steps themselves are not.
describe('an order’s payments and refunds', { timeout: 20_000 }, () => {
  test('My Orders asks for them only when opened and shows each with its words', async () => {
    const payments = setup('/dashboard/myorder')
    await openRecords()
    // The unpaid order offers no toggle; nothing was asked before the click.
    expect(screen.getAllByRole('button', { name: new RegExp(w.toggle) })).toHaveLength(1)
    const [first, second] = await screen.findAllByTestId('payment-record')
    expect(payments.seen).toEqual(['o2'])
    expect(first).toHaveTextContent(/2,500/)
    expect(first).toHaveTextContent(w.states.received)
    expect(first).toHaveTextContent(`${w.reference} BANKTXN-77`)
    expect(first).toHaveTextContent('2026-11-20')
    expect(second).toHaveTextContent(w.states.refunded)
    expect(second).not.toHaveTextContent(w.reference)
    const refund = screen.getByTestId('refund-record')
    expect(refund).toHaveTextContent(w.reasons.duplicate)
    expect(refund).toHaveTextContent(w.refundStates.failed)
    expect(refund).toHaveTextContent('2026-11-21')
  })

  test('a busy server says so and Try again asks again', async () => {
    const payments = setup('/dashboard/myorder')
    payments.failWith(503)
    await openRecords()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(w.busy)
    payments.failWith(null)
    await userEvent.click(within(alert).getByRole('button'))
    expect(await screen.findAllByTestId('payment-record')).toHaveLength(2)
    expect(payments.seen).toEqual(['o2', 'o2'])
  })

  test('Manage Orders shows them to the admin', async () => {
    setup('/dashboard/manageorders', true)
    await openRecords()
    expect(await screen.findAllByTestId('payment-record')).toHaveLength(2)
    expect(screen.getByTestId('refund-record')).toHaveTextContent(w.refundStates.failed)
  })
})
