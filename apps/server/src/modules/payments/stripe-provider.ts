import Stripe from 'stripe'

import { ProviderUnavailableError, type PaymentProvider } from './payment-provider.js'

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

  const provider: PaymentProvider & { stripe: Stripe; webhookSecret: string | undefined } = {
    name: 'stripe',
    stripe,
    webhookSecret: options.webhookSecret,

    async createIntent({ orderId, amountCents, currency, idempotencyKey, customerEmail }) {
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
      return { id: intent.id, clientSecret: intent.client_secret }
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
  }
  return provider
}

export type StripeProvider = ReturnType<typeof createStripeProvider>
