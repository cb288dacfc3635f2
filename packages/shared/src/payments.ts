import { z } from 'zod'

import { OrderSchema } from './orders.js'
import { OrderPaymentsResponseSchema } from './payment-records.js'
import {
  AdminCancelBodySchema,
  MarkReceivedBodySchema,
  PaymentMethodsResponseSchema,
  RefundSentBodySchema,
  ReviewBodySchema,
  StartPaymentBodySchema,
  StartPaymentResponseSchema,
} from './payment-methods.js'

/** The spec's client sends `totalMoney`; it is ignored: the amount comes from the order. */
export const CreatePaymentIntentBodySchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).min(1, 'orderId is required').max(64),
  totalMoney: z.unknown().optional(),
})
/**
 * How a started payment goes on, tagged by `kind`: the browser confirms it with a
 * client secret (cards), sends the buyer to the gateway's page, or shows how to pay by hand
 * (a bank transfer). `paymentId` is the provider's id for this attempt.
 */
export const PaymentNextStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('client_secret'), paymentId: z.string(), clientSecret: z.string() }),
  z.object({ kind: z.literal('redirect'), paymentId: z.string(), url: z.string() }),
  z.object({
    kind: z.literal('instructions'),
    paymentId: z.string(),
    /** What the buyer writes on the transfer. */
    reference: z.string(),
    /** In currency units, as everywhere in the API. */
    amount: z.number(),
    currency: z.string(),
    /** The shop day (YYYY-MM-DD) the money is due by. */
    dueDate: z.string(),
    /** The instructions, one per line. */
    lines: z.array(z.string()),
  }),
])
export type PaymentNextStep = z.infer<typeof PaymentNextStepSchema>

export const CreatePaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** In currency units, as everywhere in the API. */
  amount: z.number(),
  currency: z.string(),
  /** The same start, tagged as every payment method answers it; older clients ignore it. */
  next: PaymentNextStepSchema.optional(),
})

export const MarkPaidBodySchema = z.object({
  transactionId: z
    .string({ error: 'transactionId is required' })
    .min(1, 'transactionId is required')
    .max(255),
  toolId: z.unknown().optional(),
})

/** The sandbox provider's stand-in for Stripe's confirmCardPayment. */
export const SandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(255),
  card: z.object({
    number: z.string().max(32),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(8),
  }),
  billingDetails: z
    .object({ name: z.string().max(200), email: z.string().max(254) })
    .partial()
    .optional(),
})
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBodySchema>
export const SandboxConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.literal('succeeded') }),
})

export const paymentsContract = {
  createIntent: {
    method: 'POST',
    path: '/api/create-payment-intent',
    body: CreatePaymentIntentBodySchema,
    response: CreatePaymentIntentResponseSchema,
  },
  markPaid: {
    method: 'PATCH',
    path: '/api/purchase/:id',
    body: MarkPaidBodySchema,
    response: OrderSchema,
  },
  sandboxConfirm: {
    method: 'POST',
    path: '/api/sandbox/payment_intents/confirm',
    body: SandboxConfirmBodySchema,
    response: SandboxConfirmResponseSchema,
  },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  /** Each provider's notifications (Stripe's webhook, a gateway's IPN), verified by that provider. */
  providerWebhook: { method: 'POST', path: '/api/payments/webhook/:provider' },
  /** The methods the shop has configured, in the payment page's order. */
  paymentMethods: {
    method: 'GET',
    path: '/api/payment-methods',
    response: PaymentMethodsResponseSchema,
  },
  /** Starts paying an order through SSLCommerz or by bank transfer (the order's owner). */
  startPayment: {
    method: 'POST',
    path: '/api/purchase/:id/payment',
    body: StartPaymentBodySchema,
    response: StartPaymentResponseSchema,
  },
  sslcommerzIpn: { method: 'POST', path: '/api/payments/sslcommerz/ipn' },
  /** The browser's return from SSLCommerz's page: 303 to My Orders with the outcome. */
  sslcommerzReturn: { method: 'POST', path: '/api/payments/sslcommerz/return/:outcome' },
  proforma: { method: 'GET', path: '/api/purchase/:id/proforma.pdf' },
  markReceived: {
    method: 'POST',
    path: '/api/purchase/:id/mark-received',
    body: MarkReceivedBodySchema,
    response: OrderSchema,
  },
  review: {
    method: 'POST',
    path: '/api/purchase/:id/review',
    body: ReviewBodySchema,
    response: OrderSchema,
  },
  adminCancel: {
    method: 'POST',
    path: '/api/purchase/:id/cancel',
    body: AdminCancelBodySchema,
    response: OrderSchema,
  },
  refundSent: {
    method: 'POST',
    path: '/api/purchase/:id/refund-sent',
    body: RefundSentBodySchema,
    response: OrderSchema,
  },
  /** An order's payments and refunds as records (its buyer or an admin). */
  orderPayments: {
    method: 'GET',
    path: '/api/purchase/:id/payments',
    response: OrderPaymentsResponseSchema,
  },
} as const
