import { loadStripe } from '@stripe/stripe-js'
import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, test, vi } from 'vitest'

import { makeOrder, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { intentIdFor, paymentsConfigHandler, paymentsServer } from '@/testing/handlers/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { fakeCardElement, fakeStripe } from '@/testing/stripe'

vi.mock('@stripe/stripe-js', async () => (await import('@/testing/stripe')).stripeJsMock)
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeMock)

const email = 'jane@example.com'
const secret = `${intentIdFor('o1')}_secret_abc`

/** The payment page for an unpaid order, with the server in Stripe mode. */
function setup({ intentReady }: { intentReady?: Promise<void> } = {}) {
  const orders = ordersServer([
    makeOrder({
      _id: 'o1',
      customer: email,
      customerName: 'Jane Doe',
      tools: 'Cordless Drill',
      totalMoney: 59.97,
    }),
  ])
  const payments = paymentsServer(orders, { intentReady })
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe' })),
    paymentsConfigHandler('stripe'),
    ...orders.handlers,
    ...payments.handlers,
  )
  const view = renderApp('/dashboard/payment/o1')
  const patches = () =>
    payments.seen.filter((r) => r.method === 'PATCH' && r.url.pathname === '/api/purchase/o1')
  return { ...view, orders, patches }
}

const payButton = () => screen.getByRole('button', { name: 'Pay $59.97' })
const cardInput = () => screen.findByLabelText('Stripe card (test double)')

const succeeded = (id = intentIdFor('o1')) => ({
  paymentIntent: { id, status: 'succeeded' },
})

beforeEach(() => {
  fakeStripe.confirmCardPayment.mockReset()
})

describe('StripeCardForm', () => {
  test('loads Stripe with the publishable key and labels the card box', async () => {
    setup()
    await cardInput()
    expect(vi.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_123')
    const box = screen.getByRole('group', { name: 'Card details' })
    expect(box).toContainElement(await cardInput())
    expect(screen.getByText('Card details')).toBeVisible()
    expect(screen.queryByLabelText('Card number')).toBeNull()
  })

  test('Pay stays disabled until the card is complete and the client secret arrives', async () => {
    let release = () => {}
    const intentReady = new Promise<void>((resolve) => {
      release = resolve
    })
    const { user } = setup({ intentReady })
    const card = await cardInput()
    expect(payButton()).toBeDisabled()

    await user.type(card, '42')
    expect(payButton()).toBeDisabled()
    await user.type(card, '42')
    // Stripe and the card are ready; the secret is not.
    expect(screen.getByText('Preparing the payment…')).toBeInTheDocument()
    expect(payButton()).toBeDisabled()

    release()
    await expect.poll(() => payButton().hasAttribute('disabled')).toBe(false)

    // Clearing the card makes it incomplete again.
    await user.clear(card)
    expect(payButton()).toBeDisabled()
  })

  test('a double click confirms once, with the client secret and the billing details', async () => {
    let answer = (_: unknown) => {}
    fakeStripe.confirmCardPayment.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve
      }),
    )
    const { user, patches } = setup()
    await user.type(await cardInput(), '4242')
    await expect.poll(() => payButton().hasAttribute('disabled')).toBe(false)

    await user.dblClick(payButton())
    expect(payButton()).toBeDisabled()
    // Even a submit that gets past the disabled button starts no second payment.
    const form = payButton().closest('form')
    if (form === null) throw new Error('Pay is outside a form')
    fireEvent.submit(form)
    answer(succeeded())

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument()
    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledTimes(1)
    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledWith(secret, {
      payment_method: {
        card: fakeCardElement,
        billing_details: { name: 'Jane Doe', email },
      },
    })
    expect(patches()).toHaveLength(1)
  })

  test('an error result shows its message and the order is not marked paid', async () => {
    fakeStripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    })
    const { user, patches } = setup()
    await user.type(await cardInput(), '4242')
    await expect.poll(() => payButton().hasAttribute('disabled')).toBe(false)
    await user.click(payButton())

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your card was declined.')
    expect(alert).toHaveClass('text-error')
    expect(fakeStripe.confirmCardPayment).toHaveBeenCalledTimes(1)
    expect(patches()).toHaveLength(0)
    expect(screen.queryByText('Congrats! Your payment is completed.')).toBeNull()
    expect(payButton()).toBeEnabled()
  })

  test('a succeeded result marks the order paid with the intent id and congratulates', async () => {
    fakeStripe.confirmCardPayment.mockResolvedValue(succeeded('pi_stripe_777'))
    const { user, patches, orders } = setup()
    await user.type(await cardInput(), '4242')
    await expect.poll(() => payButton().hasAttribute('disabled')).toBe(false)
    await user.click(payButton())

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument()
    expect(await screen.findByText('Payment successful')).toBeInTheDocument()
    expect(screen.getByText('pi_stripe_777')).toBeInTheDocument()
    expect(patches()).toHaveLength(1)
    expect(patches()[0]?.body).toEqual({ transactionId: 'pi_stripe_777' })
    expect(orders.orders()[0]?.paid).toBe(true)
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull()
  })

  test('an intent that did not succeed is not marked paid', async () => {
    fakeStripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_stripe_777', status: 'processing' },
    })
    const { user, patches } = setup()
    await user.type(await cardInput(), '4242')
    await expect.poll(() => payButton().hasAttribute('disabled')).toBe(false)
    await user.click(payButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment was not completed. Please try again.',
    )
    expect(patches()).toHaveLength(0)
  })
})
