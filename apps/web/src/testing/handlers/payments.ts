import { delay, http, HttpResponse } from 'msw'

import { paymentsContract, siteConfigContract } from '@toolworks/shared'

import type { ErrorBody, Order, SandboxConfirmBody } from '@toolworks/shared'

import type { ordersServer, SeenRequest } from './orders'

function errorBody(code: ErrorBody['error']['code'], message: string): ErrorBody {
  return { error: { code, message } }
}

/** The sandbox's test cards and Stripe's own texts for them (issue 5). */
export const sandboxCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const

const failures: Record<string, string> = {
  [sandboxCards.declined]: 'Your card was declined.',
  [sandboxCards.insufficientFunds]: 'Your card has insufficient funds.',
  [sandboxCards.expired]: 'Your card has expired.',
  [sandboxCards.incorrectCvc]: "Your card's security code is incorrect.",
}

export const intentIdFor = (orderId: string) => `pi_test_${orderId}`
const secretFor = (orderId: string) => `${intentIdFor(orderId)}_secret_abc`

type PaymentsServerOptions = {
  /** create-payment-intent answers only once this settles (to see the page before it). */
  intentReady?: Promise<void>
  /** How long the sandbox takes to confirm, in ms. */
  confirmDelay?: number
}

/**
 * create-payment-intent, the sandbox confirm and PATCH /api/purchase/{id} over an
 * `ordersServer`, so a paid order comes back paid. `seen` records each request.
 */
export function paymentsServer(
  orders: ReturnType<typeof ordersServer>,
  { intentReady, confirmDelay = 0 }: PaymentsServerOptions = {},
) {
  const seen: SeenRequest[] = []
  const record = async (request: Request) => {
    const text = await request.clone().text()
    seen.push({
      method: request.method,
      url: new URL(request.url),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    })
  }
  const find = (id: unknown) => orders.orders().find((o) => o._id === id)

  const handlers = [
    http.post(paymentsContract.createIntent.path, async ({ request }) => {
      await record(request)
      await intentReady
      const { orderId } = (await request.json()) as { orderId: string }
      const order = find(orderId)
      if (!order) return HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 })
      if (order.paid)
        return HttpResponse.json(errorBody('CONFLICT', 'This order is already paid.'), {
          status: 409,
        })
      return HttpResponse.json({
        clientSecret: secretFor(orderId),
        paymentIntentId: intentIdFor(orderId),
        amount: order.totalMoney,
        currency: 'usd',
      })
    }),
    http.post(paymentsContract.sandboxConfirm.path, async ({ request }) => {
      await record(request)
      await delay(confirmDelay)
      const body = (await request.json()) as SandboxConfirmBody
      const order = orders.orders().find((o) => secretFor(o._id) === body.clientSecret)
      if (!order)
        return HttpResponse.json(errorBody('NOT_FOUND', 'No such intent'), { status: 404 })
      const failure =
        failures[body.card.number] ??
        (body.card.number === sandboxCards.success ? null : 'Your card number is incorrect.')
      if (failure !== null)
        return HttpResponse.json(errorBody('PAYMENT_FAILED', failure), { status: 402 })
      return HttpResponse.json({
        paymentIntent: { id: intentIdFor(order._id), status: 'succeeded' },
      })
    }),
    http.patch(paymentsContract.markPaid.path, async ({ request, params }) => {
      await record(request)
      const order = find(params.id)
      if (!order) return HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 })
      const { transactionId } = (await request.json()) as { transactionId: string }
      const paid: Order = { ...order, paid: true, status: 'paid', transactionId }
      orders.update(paid)
      return HttpResponse.json(paid)
    }),
  ]
  return { handlers, seen }
}

/**
 * The shop's payment mode as GET /api/config says it; Stripe mode comes with `pk_test_123`
 * unless `stripePublishableKey` says otherwise (null: a server without the key).
 */
export function paymentsConfigHandler(
  payments: 'sandbox' | 'stripe',
  {
    stripePublishableKey = payments === 'stripe' ? 'pk_test_123' : null,
  }: {
    stripePublishableKey?: string | null
  } = {},
) {
  return http.get(siteConfigContract.get.path, () =>
    HttpResponse.json({ googleSignIn: false, payments, stripePublishableKey, orderHoldHours: 48 }),
  )
}

export const paymentsHandlers = [
  http.post(paymentsContract.createIntent.path, () =>
    HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 }),
  ),
]
