import { delay, http, HttpResponse } from 'msw'

import { paymentMethodWords, paymentsContract, siteConfigContract } from '@toolworks/shared'

import type { ErrorBody, Order, PaymentMethod, SandboxConfirmBody } from '@toolworks/shared'

import type { ordersServer, SeenRequest } from './orders'

function errorBody(
  code: ErrorBody['error']['code'],
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: { code, message, ...(fields && { fields }) } }
}

/** The sandbox's test cards and Stripe's own texts for them. */
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
    HttpResponse.json({
      googleSignIn: false,
      payments,
      simulatedPayments: false,
      stripePublishableKey,
      orderHoldHours: 48,
      vatRatePercent: 15,
    }),
  )
}

/** The shop's payment methods as GET /api/payment-methods answers them. */
export function paymentMethodsHandler(
  ids: PaymentMethod[] = ['card'],
  /** Why the buyer may not use a method, as the server says it for them. */
  unavailable: Partial<Record<PaymentMethod, string>> = {},
) {
  return http.get(paymentsContract.paymentMethods.path, () =>
    HttpResponse.json(
      ids.map((id) => ({
        id,
        label: paymentMethodWords[id].label,
        ...(unavailable[id] !== undefined && { unavailable: unavailable[id] }),
      })),
    ),
  )
}

export const paymentsHandlers = [
  // A shop with only the card, as before the gateway and bank transfer: the payment page is the card page.
  paymentMethodsHandler(),
  http.post(paymentsContract.createIntent.path, () =>
    HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 }),
  ),
]

/** The gateway's hosted page the SSLCommerz stand-in answers in tests. */
export const gatewayPageFor = (orderId: string) => `https://sandbox.example/gw/${orderId}`
export const referenceFor = (orderId: string) => `TW-${orderId.toUpperCase()}`

/**
 * The gateway and bank-transfer payment routes over an `ordersServer`: starting SSLCommerz (the gateway's page) or a
 * bank transfer (reference and proforma; the order awaits the transfer), the proforma PDF, and
 * the admin's mark-received, review, cancel and refund-sent, which change the order as the
 * server does. `refuseNext` makes the next call to a path answer an error instead.
 */
export function paymentMethodsServer(orders: ReturnType<typeof ordersServer>) {
  const seen: SeenRequest[] = []
  const refusals: { path: string; status: number; body: ErrorBody }[] = []
  const record = async (request: Request, path: string) => {
    const text = await request.clone().text()
    seen.push({
      method: request.method,
      url: new URL(request.url),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    })
    const index = refusals.findIndex((r) => r.path === path)
    if (index === -1) return null
    const [refusal] = refusals.splice(index, 1)
    return HttpResponse.json(refusal!.body, { status: refusal!.status })
  }
  const find = (id: unknown) => orders.orders().find((o) => o._id === id)
  const notFound = () => HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 })
  const change = (order: Order, changes: Partial<Order>) => {
    const changed = { ...order, ...changes }
    orders.update(changed)
    return HttpResponse.json(changed)
  }
  const c = paymentsContract

  const handlers = [
    http.post(c.startPayment.path, async ({ request, params }) => {
      const refused = await record(request, c.startPayment.path)
      if (refused) return refused
      const order = find(params.id)
      if (!order) return notFound()
      const { method } = (await request.json()) as { method: string }
      if (method === 'sslcommerz') {
        orders.update({ ...order, paymentMethod: 'sslcommerz' })
        return HttpResponse.json({ redirectUrl: gatewayPageFor(order._id) })
      }
      orders.update({ ...order, paymentMethod: 'bank-transfer', paymentState: 'awaiting-transfer' })
      return HttpResponse.json({
        reference: referenceFor(order._id),
        proformaUrl: c.proforma.path.replace(':id', order._id),
      })
    }),
    http.get(c.proforma.path, async ({ request, params }) => {
      const refused = await record(request, c.proforma.path)
      if (refused) return refused
      const order = find(params.id)
      if (!order) return notFound()
      return new HttpResponse(`%PDF-1.4 proforma of ${order._id}`, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="proforma-${referenceFor(order._id)}.pdf"`,
        },
      })
    }),
    http.post(c.markReceived.path, async ({ request, params }) => {
      const refused = await record(request, c.markReceived.path)
      if (refused) return refused
      const order = find(params.id)
      if (!order) return notFound()
      const { reference } = (await request.json()) as { reference: string }
      return change(order, {
        paid: true,
        status: 'paid',
        paymentState: 'paid',
        transactionId: reference,
      })
    }),
    http.post(c.review.path, async ({ request, params }) => {
      const refused = await record(request, c.review.path)
      if (refused) return refused
      const order = find(params.id)
      if (!order) return notFound()
      const { decision } = (await request.json()) as { decision: string }
      return decision === 'accept'
        ? change(order, { paid: true, status: 'paid', paymentState: 'paid' })
        : change(order, { status: 'cancelled', paymentState: 'refunded' })
    }),
    http.post(c.adminCancel.path, async ({ request, params }) => {
      const refused = await record(request, c.adminCancel.path)
      if (refused) return refused
      const order = find(params.id)
      if (!order) return notFound()
      const refundState =
        order.paymentMethod === 'bank-transfer' ? ('refund-due' as const) : ('refunded' as const)
      return change(order, {
        status: 'cancelled',
        cancelReason: 'admin',
        paymentState: order.paid ? refundState : order.paymentState,
      })
    }),
    http.post(c.refundSent.path, async ({ request, params }) => {
      const refused = await record(request, c.refundSent.path)
      if (refused) return refused
      const order = find(params.id)
      if (!order) return notFound()
      return change(order, { paymentState: 'refunded' })
    }),
  ]
  const refuseNext = (
    path: string,
    status: number,
    code: ErrorBody['error']['code'],
    message: string,
    fields?: Record<string, string>,
  ) => refusals.push({ path, status, body: errorBody(code, message, fields) })
  return { handlers, seen, refuseNext }
}
