import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import {
  paymentMethodRules,
  paymentMethodWords,
  paymentsContract,
  type PaymentMethod,
} from '@toolworks/shared'

import { LAST_METHOD_KEY, leavePage } from '@/features/orders/components/payment-choice'
import { makeOrder, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import {
  gatewayPageFor,
  paymentMethodsHandler,
  paymentMethodsServer,
  paymentsConfigHandler,
  paymentsServer,
  referenceFor,
} from '@/testing/handlers/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'rahim@example.com'
const ALL: PaymentMethod[] = ['sslcommerz', 'bank-transfer', 'card']

function setup(
  methods: PaymentMethod[] = ALL,
  unavailable: Partial<Record<PaymentMethod, string>> = {},
) {
  const orders = ordersServer([
    makeOrder({ _id: 'o1', customer: email, customerName: 'Rahim', totalMoney: 59.97 }),
  ])
  const cards = paymentsServer(orders)
  const gateway = paymentMethodsServer(orders)
  server.use(
    sessionHandler(makeUser({ email, name: 'Rahim' })),
    paymentsConfigHandler('sandbox'),
    paymentMethodsHandler(methods, unavailable),
    ...orders.handlers,
    ...cards.handlers,
    ...gateway.handlers,
  )
  const view = renderApp('/dashboard/payment/o1')
  const starts = () =>
    gateway.seen.filter((r) => r.method === 'POST' && r.url.pathname === '/api/purchase/o1/payment')
  const intents = () => cards.seen.filter((r) => r.url.pathname === '/api/create-payment-intent')
  return { ...view, orders, gateway, starts, intents }
}

const radios = async () => {
  const group = await screen.findByRole('group', { name: 'How would you like to pay?' })
  return within(group).getAllByRole('radio')
}
const radio = (method: PaymentMethod) =>
  screen.getByRole('radio', { name: paymentMethodWords[method].label })

const created: Blob[] = []
const saved: string[] = []
const spies: { mockRestore: () => void }[] = []
beforeEach(() => {
  created.length = 0
  saved.length = 0
  // jsdom has no object URLs and no downloads: stand-ins that record them.
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob)
    return `blob:proforma-${created.length}`
  }
  URL.revokeObjectURL = () => {}
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
  click.mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  spies.push(click)
})
afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()))

describe('the payment page’s methods', () => {
  test('offers the configured methods in the server’s order, each with what happens next; Card preselected without a last choice', async () => {
    const { intents } = setup()
    const options = await radios()
    expect(options.map((o) => o.getAttribute('value'))).toEqual(ALL)
    for (const method of ALL) {
      expect(radio(method)).toHaveAccessibleDescription(paymentMethodWords[method].next)
    }
    expect(radio('card')).toBeChecked()
    // Today's card journey: the card form and its intent, unchanged.
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument()
    await expect.poll(() => intents().length).toBe(1)
  })

  test('bank transfer the server refuses this buyer is shown disabled with the reason, never preselected', async () => {
    localStorage.setItem(LAST_METHOD_KEY, 'bank-transfer')
    const why = paymentMethodRules.transferNeedsVerified
    setup(ALL, { 'bank-transfer': why })
    await radios()
    expect(radio('bank-transfer')).toBeDisabled()
    expect(radio('bank-transfer')).toHaveAccessibleDescription(why)
    expect(radio('bank-transfer')).not.toBeChecked()
    expect(radio('card')).toBeChecked()
    expect(screen.queryByRole('button', { name: 'Pay by bank transfer' })).toBeNull()
  })

  test('only the configured methods are offered', async () => {
    setup(['bank-transfer', 'card'])
    expect((await radios()).map((o) => o.getAttribute('value'))).toEqual(['bank-transfer', 'card'])
    expect(screen.queryByRole('radio', { name: paymentMethodWords.sslcommerz.label })).toBeNull()
  })

  test('the buyer’s last choice is preselected, and no card intent is asked for it', async () => {
    localStorage.setItem(LAST_METHOD_KEY, 'bank-transfer')
    const { intents } = setup()
    await radios()
    expect(radio('bank-transfer')).toBeChecked()
    expect(screen.getByRole('button', { name: 'Pay by bank transfer' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Card number')).toBeNull()
    expect(intents()).toHaveLength(0)
  })

  test('a last choice the shop no longer offers falls back to Card', async () => {
    localStorage.setItem(LAST_METHOD_KEY, 'sslcommerz')
    setup(['bank-transfer', 'card'])
    await radios()
    expect(radio('card')).toBeChecked()
  })

  test('Pay with SSLCommerz starts the payment and goes to the gateway’s page; the choice is remembered', async () => {
    const assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {})
    spies.push(assign)
    const { user, starts } = setup()
    await radios()
    await user.click(radio('sslcommerz'))
    expect(localStorage.getItem(LAST_METHOD_KEY)).toBe('sslcommerz')
    await user.click(screen.getByRole('button', { name: 'Pay with SSLCommerz' }))
    await expect.poll(() => assign.mock.calls.length).toBe(1)
    expect(assign).toHaveBeenCalledWith(gatewayPageFor('o1'))
    expect(starts().map((r) => r.body)).toEqual([{ method: 'sslcommerz' }])
  })

  test('Pay by bank transfer shows the reference and downloads the proforma PDF', async () => {
    const { user, starts, gateway } = setup()
    await radios()
    await user.click(radio('bank-transfer'))
    await user.click(screen.getByRole('button', { name: 'Pay by bank transfer' }))

    expect(await screen.findByTestId('payment-reference')).toHaveTextContent(referenceFor('o1'))
    expect(starts().map((r) => r.body)).toEqual([{ method: 'bank-transfer' }])
    await expect.poll(() => saved).toEqual([`proforma-${referenceFor('o1')}.pdf`])
    expect(gateway.seen.some((r) => r.url.pathname === '/api/purchase/o1/proforma.pdf')).toBe(true)
    // The refreshed order says it awaits the transfer.
    expect((await screen.findAllByText('Awaiting transfer')).length).toBeGreaterThan(0)
  })

  test('a gateway that does not answer shows the server’s message with Retry and keeps the choice', async () => {
    const assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {})
    spies.push(assign)
    const { user, gateway, starts } = setup()
    const down =
      'SSLCommerz did not answer in time. Nothing was charged and your order is unchanged; please try again.'
    gateway.refuseNext(paymentsContract.startPayment.path, 503, 'UNAVAILABLE', down)
    await radios()
    await user.click(radio('sslcommerz'))
    await user.click(screen.getByRole('button', { name: 'Pay with SSLCommerz' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(down)
    expect(radio('sslcommerz')).toBeChecked()
    expect(assign).not.toHaveBeenCalled()

    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await expect.poll(() => assign.mock.calls.length).toBe(1)
    expect(starts()).toHaveLength(2)
  })

  test('with only the card offered the page is today’s card page, without a choice', async () => {
    setup(['card'])
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'How would you like to pay?' })).toBeNull()
  })
})
