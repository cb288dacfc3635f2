import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'

import { messages } from '@toolworks/shared'

import { holdEnd } from '@/features/orders/utils/hold-end'
import { makeOrder, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { intentIdFor, paymentsConfigHandler, paymentsServer } from '@/testing/handlers/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

// Stripe mode renders the Stripe card form; Stripe.js itself never loads in tests.
vi.mock('@stripe/stripe-js', async () => (await import('@/testing/stripe')).stripeJsMock)
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeMock)

const email = 'jane@example.com'

type SetupOptions = {
  paid?: boolean
  mode?: 'sandbox' | 'stripe'
  intentReady?: Promise<void>
  confirmDelay?: number
  /** Stripe mode's publishable key as GET /api/config gives it; null for none. */
  stripePublishableKey?: string | null
}

function setup({
  paid = false,
  mode = 'sandbox',
  intentReady,
  confirmDelay,
  stripePublishableKey,
}: SetupOptions = {}) {
  const orders = ordersServer([
    makeOrder({
      _id: 'o1',
      customer: email,
      customerName: 'Jane Doe',
      tools: 'Cordless Drill',
      purchaseQuantity: 3,
      price: 19.99,
      totalMoney: 59.97,
      address: 'House 12, Road 3, Gazipur',
      phone: '+880 1711 000000',
      ...(paid
        ? {
            paid: true,
            status: 'paid',
            transactionId: 'pi_earlier_789',
            paymentMethod: 'sslcommerz',
            paymentState: 'paid',
          }
        : {}),
    }),
  ])
  const payments = paymentsServer(orders, { intentReady, confirmDelay })
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe' })),
    paymentsConfigHandler(mode, { stripePublishableKey }),
    ...orders.handlers,
    ...payments.handlers,
  )
  const view = renderApp('/dashboard/payment/o1')
  const requests = (path: string, method = 'POST') =>
    payments.seen.filter((r) => r.method === method && r.url.pathname === path)
  return {
    ...view,
    orders,
    confirms: () => requests('/api/sandbox/payment_intents/confirm'),
    intents: () => requests('/api/create-payment-intent'),
    patches: () => requests('/api/purchase/o1', 'PATCH'),
  }
}

type User = ReturnType<typeof renderApp>['user']

async function fillCard(user: User, number: string, expiry = '12/34', cvc = '123') {
  await user.type(await screen.findByLabelText('Card number'), number)
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry)
  await user.type(screen.getByLabelText('CVC'), cvc)
}

const payButton = () => screen.getByRole('button', { name: 'Pay $59.97' })

async function payReady() {
  await expect.poll(() => payButton().hasAttribute('disabled')).toBe(false)
}

describe('/dashboard/payment/:id', () => {
  test('greets the customer with the tool and the amount, and shows the sandbox card form', async () => {
    const { intents } = setup()
    expect(await screen.findByText('Hello, Jane Doe')).toBeInTheDocument()
    expect(screen.getByText('Please pay for Cordless Drill')).toBeInTheDocument()
    expect(screen.getByText('Amount to pay: $59.97')).toBeInTheDocument()

    const number = await screen.findByLabelText('Card number')
    const expiry = screen.getByLabelText('Expiry (MM/YY)')
    const cvc = screen.getByLabelText('CVC')
    for (const [input, autoComplete] of [
      [number, 'cc-number'],
      [expiry, 'cc-exp'],
      [cvc, 'cc-csc'],
    ] as const) {
      expect(input).toHaveAttribute('inputmode', 'numeric')
      expect(input).toHaveAttribute('autocomplete', autoComplete)
      expect(input).not.toHaveAttribute('name')
    }
    expect(screen.getByText(/4242 4242 4242 4242/)).toHaveTextContent(/sandbox/i)
    await payReady()
    expect(intents()).toHaveLength(1)
    expect(intents()[0]?.body).toEqual({ orderId: 'o1' })
  })

  test('Pay stays disabled until the client secret arrives', async () => {
    let release = () => {}
    const intentReady = new Promise<void>((resolve) => {
      release = resolve
    })
    const { user } = setup({ intentReady })
    await fillCard(user, '4242 4242 4242 4242')
    expect(payButton()).toBeDisabled()
    expect(screen.getByText('Preparing the payment…')).toBeInTheDocument()

    release()
    await payReady()
  })

  test('a declined card shows the provider text and the order is not marked paid', async () => {
    const { user, confirms, patches } = setup()
    await fillCard(user, '4000 0000 0000 0002')
    await payReady()
    await user.click(payButton())

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your card was declined.')
    expect(alert).toHaveClass('text-error')
    expect(confirms()).toHaveLength(1)
    expect(patches()).toHaveLength(0)
    expect(screen.queryByText('Congrats! Your payment is completed.')).toBeNull()
    expect(payButton()).toBeEnabled()
  })

  test('an intent voided because its order was cancelled shows why on the page', async () => {
    const { user, patches } = setup()
    server.use(
      http.post('/api/sandbox/payment_intents/confirm', () =>
        HttpResponse.json(
          { error: { code: 'CONFLICT', message: messages.paymentRules.intentCancelled } },
          { status: 409 },
        ),
      ),
    )
    await fillCard(user, '4242 4242 4242 4242')
    await payReady()
    await user.click(payButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment was cancelled together with its order. Please order again.',
    )
    expect(patches()).toHaveLength(0)
    expect(screen.queryByText('Congrats! Your payment is completed.')).toBeNull()
  })

  test('a good card confirms, marks the order paid with the intent id and congratulates', async () => {
    const { user, confirms, patches, orders } = setup()
    await fillCard(user, '4242 4242 4242 4242', '12/34', '123')
    await payReady()
    await user.click(payButton())

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument()
    expect(await screen.findByText('Payment successful')).toBeInTheDocument()
    expect(screen.getByText(intentIdFor('o1'))).toBeInTheDocument()
    expect(confirms()[0]?.body).toEqual({
      clientSecret: `${intentIdFor('o1')}_secret_abc`,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      billingDetails: { name: 'Jane Doe', email },
    })
    expect(patches()).toHaveLength(1)
    expect(patches()[0]?.body).toEqual({ transactionId: intentIdFor('o1') })
    expect(orders.orders()[0]?.paid).toBe(true)
    // The card form is gone and with it the card details.
    expect(screen.queryByLabelText('Card number')).toBeNull()
    expect(screen.queryByDisplayValue(/4242/)).toBeNull()
  })

  test('a double click sends one confirmation', async () => {
    const { user, confirms, patches } = setup({ confirmDelay: 50 })
    await fillCard(user, '4242 4242 4242 4242')
    await payReady()
    await user.dblClick(payButton())

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument()
    expect(confirms()).toHaveLength(1)
    expect(patches()).toHaveLength(1)
  })

  test('a paid order opened later is a receipt: amount, method, reference, address, invoice, My Orders; never "Please pay"', async () => {
    setup({ paid: true })
    const receipt = await screen.findByRole('region', { name: 'Payment received' })
    const facts = within(receipt)
    expect(facts.getByText(/^Order TW-\d+$/)).toBeInTheDocument()
    expect(facts.getByText('Amount paid').nextElementSibling).toHaveTextContent('$59.97')
    expect(facts.getByText('Method').nextElementSibling).toHaveTextContent(
      'bKash, Nagad, cards and internet banking (SSLCommerz)',
    )
    expect(facts.getByText('Transaction reference').nextElementSibling).toHaveTextContent(
      'pi_earlier_789',
    )
    expect(facts.getByText('Delivery address').nextElementSibling).toHaveTextContent(
      /Jane Doe\s*House 12, Road 3, Gazipur\s*Bangladesh/,
    )
    expect(facts.getByRole('button', { name: 'Download invoice' })).toBeEnabled()
    expect(facts.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    )
    expect(screen.queryByText(/Please pay/)).toBeNull()
    expect(screen.queryByText(/Amount to pay/)).toBeNull()
  })

  test('a paid order shows Paid and its transaction id, with no card form', async () => {
    const { intents } = setup({ paid: true })
    expect(await screen.findByText('Paid')).toBeInTheDocument()
    expect(screen.getByText('pi_earlier_789')).toBeInTheDocument()
    expect(screen.queryByLabelText('Card number')).toBeNull()
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull()
    expect(intents()).toHaveLength(0)
  })

  test('bad card details show the checks and nothing is sent', async () => {
    const { user, confirms } = setup()
    await fillCard(user, '4242 abcd', '13/34', '12')
    await payReady()
    await user.click(payButton())

    expect(await screen.findByText('Enter a card number of 13 to 19 digits.')).toBeInTheDocument()
    expect(
      screen.getByText('Enter the expiry as MM/YY with a month from 01 to 12.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Enter the 3 or 4 digit CVC.')).toBeInTheDocument()
    expect(confirms()).toHaveLength(0)
  })

  test('in Stripe mode the page shows the Stripe card form, not the sandbox one', async () => {
    const { intents } = setup({ mode: 'stripe' })
    const box = await screen.findByRole('group', { name: 'Card details' })
    expect(box).toContainElement(await screen.findByLabelText('Stripe card (test double)'))
    expect(screen.getByRole('button', { name: 'Pay $59.97' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Card number')).toBeNull()
    expect(screen.queryByText(/sandbox/i)).toBeNull()
    await expect.poll(() => intents()).toHaveLength(1)
  })

  test('in Stripe mode without a publishable key the page says card payments are not configured', async () => {
    setup({ mode: 'stripe', stripePublishableKey: null })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Card payments are not configured: the shop has no Stripe publishable key.',
    )
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull()
    expect(screen.queryByLabelText('Card number')).toBeNull()
  })
})

test('an unverified buyer is told until when the order is held; once the payment starts, the order is read again for its new time', async () => {
  const payBy = new Date(Date.now() + 25 * 60_000)
  const orders = ordersServer([
    makeOrder({ _id: 'o1', customer: email, customerName: 'Jane Doe', payBy: payBy.toISOString() }),
  ])
  const payments = paymentsServer(orders)
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe', emailVerified: false })),
    paymentsConfigHandler('sandbox'),
    ...orders.handlers,
    ...payments.handlers,
  )
  renderApp('/dashboard/payment/o1')

  const time = holdEnd(payBy.toISOString())
  expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
    messages.ordering.heldUntil(time, 48),
  )
  const reads = () =>
    orders.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/purchase/o1').length
  await expect.poll(reads).toBeGreaterThanOrEqual(2)
})
