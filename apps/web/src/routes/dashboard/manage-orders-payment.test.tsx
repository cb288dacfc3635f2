import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import { paymentMethodRules, paymentsContract } from '@toolworks/shared'

import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { paymentMethodsServer } from '@/testing/handlers/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function setup() {
  const orders = ordersServer([
    makeOrder({
      _id: 'transfer',
      tools: 'Drill press',
      customer: 'ann@example.com',
      totalMoney: 120.5,
      paymentMethod: 'bank-transfer',
      paymentState: 'awaiting-transfer',
    }),
    makeOrder({
      _id: 'review',
      tools: 'Band saw',
      customer: 'bob@example.com',
      paymentMethod: 'sslcommerz',
      paymentState: 'under-review',
    }),
    makeOrder({
      _id: 'paid',
      tools: 'Grinder',
      customer: 'cat@example.com',
      paid: true,
      status: 'paid',
      transactionId: 'BANK-1',
      paymentMethod: 'bank-transfer',
      paymentState: 'paid',
    }),
    makeOrder({
      _id: 'due',
      tools: 'Vice',
      customer: 'dan@example.com',
      paid: true,
      status: 'cancelled',
      cancelReason: 'admin',
      transactionId: 'BANK-2',
      paymentMethod: 'bank-transfer',
      paymentState: 'refund-due',
    }),
  ])
  const payments = paymentMethodsServer(orders)
  server.use(
    sessionHandler(makeUser({ email: admin })),
    adminHandler([admin]),
    ...orders.handlers,
    ...payments.handlers,
  )
  const posts = (path: string) =>
    payments.seen.filter((r) => r.method === 'POST' && r.url.pathname === path).map((r) => r.body)
  return { ...renderApp('/dashboard/manageorders'), orders, payments, posts }
}

const rowOf = async (tool: string) =>
  within((await screen.findByRole('cell', { name: tool })).closest('tr')!)
const today = () => {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => confirm?.mockRestore())

describe('Manage Orders: payments', () => {
  test('shows each order’s method and state and only the actions that fit it', async () => {
    setup()
    const transfer = await rowOf('Drill press')
    expect(transfer.getByTestId('payment-summary')).toHaveTextContent(
      'Bank transfer · Awaiting transfer',
    )
    expect(transfer.getByRole('button', { name: /^Mark received:/ })).toBeInTheDocument()
    expect(transfer.getByRole('button', { name: /^Cancel:/ })).toBeInTheDocument()

    const review = await rowOf('Band saw')
    expect(review.getByTestId('payment-summary')).toHaveTextContent(
      'bKash, Nagad, cards and internet banking (SSLCommerz) · Payment under review',
    )
    expect(review.getByRole('button', { name: /^Accept payment:/ })).toBeInTheDocument()
    expect(review.getByRole('button', { name: /^Refund:/ })).toBeInTheDocument()

    const paid = await rowOf('Grinder')
    expect(paid.getByRole('button', { name: /^Cancel:/ })).toBeInTheDocument()
    expect(paid.queryByRole('button', { name: /^Mark received:/ })).toBeNull()

    const due = await rowOf('Vice')
    expect(due.getByTestId('payment-summary')).toHaveTextContent('Refund due')
    expect(due.getByRole('button', { name: /^Refund sent:/ })).toBeInTheDocument()
    expect(due.queryByRole('button', { name: /^Cancel:/ })).toBeNull()
  }, 20_000) // the first render loads the lazy screen: slow on a busy machine, not a timing assert

  test('Mark received: the amount starts empty and the date today; a refusal keeps what was typed and names the field; then the order is paid', async () => {
    const { user, payments, posts } = setup()
    const refusal = paymentMethodRules.amountMustEqual('$120.50')
    payments.refuseNext(paymentsContract.markReceived.path, 400, 'VALIDATION_FAILED', refusal, {
      amount: refusal,
    })

    await user.click((await rowOf('Drill press')).getByRole('button', { name: /^Mark received:/ }))
    const dialog = within(await screen.findByRole('dialog'))
    // The admin types what the statement shows; the server compares it with what is due.
    expect(dialog.getByLabelText('Amount received')).toHaveValue('')
    expect(dialog.getByLabelText('Date received')).toHaveValue(today())
    expect(dialog.getByLabelText('Bank statement line (optional)')).toHaveValue('')

    await user.type(dialog.getByLabelText('Bank reference'), 'DBBL-778899')
    await user.type(dialog.getByLabelText('Amount received'), '100')
    await user.type(dialog.getByLabelText('Bank statement line (optional)'), 'CR 100.00 NPSB ANN')
    await user.click(dialog.getByRole('button', { name: 'Mark received' }))

    expect(await dialog.findByRole('alert')).toHaveTextContent(refusal)
    expect(dialog.getByLabelText('Amount received')).toHaveAccessibleDescription(refusal)
    expect(dialog.getByLabelText('Bank reference')).toHaveValue('DBBL-778899')
    expect(dialog.getByLabelText('Amount received')).toHaveValue('100')

    await user.clear(dialog.getByLabelText('Amount received'))
    await user.type(dialog.getByLabelText('Amount received'), '120.50')
    await user.click(dialog.getByRole('button', { name: 'Mark received' }))

    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
    const statementLine = 'CR 100.00 NPSB ANN'
    expect(posts('/api/purchase/transfer/mark-received')).toEqual([
      { reference: 'DBBL-778899', amount: 100, receivedOn: today(), statementLine },
      { reference: 'DBBL-778899', amount: 120.5, receivedOn: today(), statementLine },
    ])
    expect(
      await (await rowOf('Drill press')).findByText('Bank transfer · Payment received'),
    ).toBeInTheDocument()
  }, 20_000) // many keystrokes on a busy machine, not a timing assert

  test('Mark received checks the fields before asking the server', async () => {
    const { user, posts } = setup()
    await user.click((await rowOf('Drill press')).getByRole('button', { name: /^Mark received:/ }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.click(dialog.getByRole('button', { name: 'Mark received' }))
    expect(await dialog.findByText('reference is required')).toBeInTheDocument()
    expect(posts('/api/purchase/transfer/mark-received')).toEqual([])
  })

  test("a statement line naming another order's reference is refused under the line", async () => {
    const { user, payments, posts } = setup()
    const refusal = paymentMethodRules.statementLineOtherOrder('TW0000000000000000000000000000')
    payments.refuseNext(paymentsContract.markReceived.path, 400, 'VALIDATION_FAILED', refusal, {
      statementLine: refusal,
    })
    await user.click((await rowOf('Drill press')).getByRole('button', { name: /^Mark received:/ }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.type(dialog.getByLabelText('Bank reference'), 'DBBL-1')
    await user.type(dialog.getByLabelText('Amount received'), '120.50')
    await user.type(dialog.getByLabelText('Bank statement line (optional)'), 'CR TW000')
    await user.click(dialog.getByRole('button', { name: 'Mark received' }))
    await expect
      .poll(() => dialog.getByLabelText('Bank statement line (optional)'))
      .toHaveAccessibleDescription(/another order/)
    expect(dialog.getByLabelText('Bank statement line (optional)')).toHaveValue('CR TW000')
    expect(posts('/api/purchase/transfer/mark-received')).toHaveLength(1)
  }, 20_000) // many keystrokes on a busy machine, not a timing assert

  test('Accept payment and Refund decide a payment under review', async () => {
    const { user, posts } = setup()
    await user.click((await rowOf('Band saw')).getByRole('button', { name: /^Accept payment:/ }))
    await expect.poll(() => posts('/api/purchase/review/review')).toEqual([{ decision: 'accept' }])
    expect(await (await rowOf('Band saw')).findByText(/Payment received/)).toBeInTheDocument()
  })

  test('Refund asks first, then refunds', async () => {
    const { user, posts } = setup()
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    await user.click((await rowOf('Band saw')).getByRole('button', { name: /^Refund:/ }))
    expect(confirm).toHaveBeenCalled()
    await expect.poll(() => posts('/api/purchase/review/review')).toEqual([{ decision: 'refund' }])
  })

  test('Cancel a paid order says the money goes back and sends the reason', async () => {
    const { user, posts } = setup()
    await user.click((await rowOf('Grinder')).getByRole('button', { name: /^Cancel:/ }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(
      dialog.getByText('This order is paid: the money goes back the way it came.'),
    ).toBeInTheDocument()
    await user.type(dialog.getByLabelText('Reason'), 'Out of stock at the factory')
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await expect
      .poll(() => posts('/api/purchase/paid/cancel'))
      .toEqual([{ reason: 'Out of stock at the factory' }])
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
  })

  test('Refund sent closes a refund due with the outgoing reference', async () => {
    const { user, posts } = setup()
    await user.click((await rowOf('Vice')).getByRole('button', { name: /^Refund sent:/ }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.type(dialog.getByLabelText('Outgoing transfer reference'), 'OUT-42')
    await user.click(dialog.getByRole('button', { name: 'Refund sent' }))
    await expect
      .poll(() => posts('/api/purchase/due/refund-sent'))
      .toEqual([{ reference: 'OUT-42' }])
    expect(await (await rowOf('Vice')).findByText(/Refunded/)).toBeInTheDocument()
  })
})
