import Stripe from 'stripe'

import {
  ProviderUnavailableError,
  WebhookRefusedError,
  type PaymentProvider,
} from './payment-provider.js'

export type StripeOptions = {
  secretKey: string
  webhookSecret: string | undefined
  /** Tests point the SDK at a local stand-in for Stripe's API. */
  host?: string
  port?: number
  protocol?: 'http' | 'https'
  timeoutMs?: number
}

/** Stripe through the official SDK: PaymentIntents with one idempotency key per order and amount. */
export function createStripeProvider(options: StripeOptions) {
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: 1,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  })

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError
      ) {
        throw new ProviderUnavailableError(error)
      }
      throw error
    }
  }

  const provider: PaymentProvider = {
    name: 'stripe',
    hasWebhook: true,

    async startPayment({ orderId, amountCents, currency, idempotencyKey, customerEmail }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            metadata: { orderId },
            receipt_email: customerEmail,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        ),
      )
      if (!intent.client_secret) throw new Error('Stripe returned no client secret')
      return { kind: 'client_secret', paymentId: intent.id, clientSecret: intent.client_secret }
    },

    async retrieveIntent(id) {
      try {
        const intent = await call(() => stripe.paymentIntents.retrieve(id))
        return {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amount_received || intent.amount,
          currency: intent.currency,
          orderId: intent.metadata.orderId,
        }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined
        throw error
      }
    },

    async cancelIntent(id) {
      try {
        await call(() => stripe.paymentIntents.cancel(id))
        return true
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        if (error.statusCode === 404) return true
        // Stripe refuses to cancel an intent that succeeded (or is already cancelled).
        const intent = await provider.retrieveIntent(id)
        return intent?.status !== 'succeeded'
      }
    },

    async refund({ paymentIntentId, idempotencyKey }) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey }),
      )
      return { kind: 'refunded', id: refund.id }
    },

    verifyNotification({ rawBody, headers }) {
      const signature = headers['stripe-signature']
      if (!options.webhookSecret || typeof signature !== 'string')
        throw new WebhookRefusedError('no webhook secret or no signature')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret)
      } catch {
        throw new WebhookRefusedError('bad signature')
      }
      if (event.type !== 'payment_intent.succeeded')
        return { type: 'ignored', providerType: event.type }
      return {
        type: 'payment_succeeded',
        paymentIntentId: event.data.object.id,
        orderId: event.data.object.metadata.orderId,
      }
    },
  }
  return provider
}

export type StripeProvider = ReturnType<typeof createStripeProvider>
