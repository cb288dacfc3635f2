import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { PAYMENT_OUTCOMES, paymentOutcomeWords } from '@toolworks/shared'

import { makeOrder, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'karim@example.com'

function setup(search = '') {
  const orders = ordersServer([
    makeOrder({ _id: 'o1', customer: email, tools: 'Lathe chuck', paymentState: 'unpaid' }),
    makeOrder({
      _id: 'o2',
      customer: email,
      tools: 'Drill press',
      paymentMethod: 'bank-transfer',
      paymentState: 'awaiting-transfer',
    }),
    makeOrder({
      _id: 'o3',
      customer: email,
      tools: 'Band saw',
      paymentMethod: 'sslcommerz',
      paymentState: 'under-review',
    }),
    makeOrder({
      _id: 'o4',
      customer: email,
      tools: 'Grinder',
      paid: true,
      status: 'paid',
      transactionId: 'BANKTXN123',
      paymentMethod: 'sslcommerz',
      paymentState: 'paid',
    }),
  ])
  server.use(sessionHandler(makeUser({ email })), ...orders.handlers)
  return { ...renderApp(`/dashboard/myorder${search}`), orders }
}

const rowOf = (tool: string) => screen.getByRole('cell', { name: tool }).closest('tr')!

describe('My Orders after paying', () => {
  test.each(PAYMENT_OUTCOMES)(
    '?payment=%s shows its outcome in a status banner',
    async (outcome) => {
      setup(`?payment=${outcome}&order=o4`)
      await screen.findByRole('heading', { level: 2, name: 'My Orders (4)' })
      const banners = screen
        .getAllByRole('status')
        .filter((el) => el.textContent === paymentOutcomeWords[outcome])
      expect(banners).toHaveLength(1)
    },
  )

  test(
    '?payment=pending asks again until the gateway’s payment is decided',
    { timeout: 20_000 },
    async () => {
      const { orders } = setup('?payment=pending&order=o1')
      await screen.findByRole('heading', { level: 2, name: 'My Orders (4)' })
      expect(
        within(rowOf('Lathe chuck')).getByRole('link', { name: 'Pay: Lathe chuck' }),
      ).toBeInTheDocument()
      // The IPN arrives meanwhile: the order is paid on the server.
      const order = orders.orders().find((o) => o._id === 'o1')!
      orders.update({
        ...order,
        paid: true,
        status: 'paid',
        paymentState: 'paid',
        transactionId: 'BT-1',
      })
      await expect
        .poll(() => within(rowOf('Lathe chuck')).queryByTestId('transaction-id')?.textContent, {
          timeout: 12_000,
        })
        .toBe('BT-1')
    },
  )

  test('no banner without an outcome, nor for one the shop does not know', async () => {
    setup('?payment=stolen')
    await screen.findByRole('heading', { level: 2, name: 'My Orders (4)' })
    const outcomes: string[] = Object.values(paymentOutcomeWords)
    expect(
      screen.queryAllByRole('status').filter((el) => outcomes.includes(el.textContent)),
    ).toEqual([])
  })

  test('each order shows its payment state where it matters', async () => {
    setup()
    await screen.findByRole('heading', { level: 2, name: 'My Orders (4)' })

    const unpaid = within(rowOf('Lathe chuck'))
    expect(unpaid.getByRole('link', { name: 'Pay: Lathe chuck' })).toBeInTheDocument()
    expect(unpaid.queryByTestId('payment-state')).toBeNull()

    // Awaiting a transfer: its proforma, and Pay still there to switch method.
    const transfer = within(rowOf('Drill press'))
    expect(transfer.getByTestId('payment-state')).toHaveTextContent('Awaiting transfer')
    expect(
      transfer.getByRole('button', { name: 'Download the proforma invoice (PDF)' }),
    ).toBeInTheDocument()
    expect(transfer.getByRole('link', { name: 'Pay: Drill press' })).toBeInTheDocument()

    // Under review: nothing to pay while the shop decides.
    const review = within(rowOf('Band saw'))
    expect(review.getByTestId('payment-state')).toHaveTextContent('Payment under review')
    expect(review.queryByRole('link', { name: 'Pay: Band saw' })).toBeNull()

    const paid = within(rowOf('Grinder'))
    expect(paid.getByText('Paid')).toBeInTheDocument()
    expect(paid.getByTestId('transaction-id')).toHaveTextContent('BANKTXN123')
    expect(paid.queryByTestId('payment-state')).toBeNull()
  })
})
