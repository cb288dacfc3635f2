import { CURRENCY, messages, paymentMethodRules } from '@toolworks/shared'

import { AppError } from '../../lib/app-error.js'
import {
  ProviderUnavailableError,
  WebhookRefusedError,
  type AttemptExpectation,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStart,
  type ProviderNotification,
} from './payment-provider.js'

const p = messages.paymentRules

/** The currency every payment is in, as providers spell it. */
export const PAYMENT_CURRENCY = CURRENCY.toLowerCase()

/** The currency an order is paid in, as providers spell it (the order's own). */
export const paymentCurrencyOf = (order: { currency: string }) => order.currency.toLowerCase()

/** A provider that does not answer is a 503 the caller may retry; anything else is a bug. */
async function ask<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('UNAVAILABLE', p.providerDown)
    throw error
  }
}

/**
 * Which provider an order's payment went through: its name as `orders.payment_provider` keeps
 * it. Null (orders paid before the column was kept) means the configured card provider.
 */
export type ProviderName = string | null | undefined

export type PaymentsService = ReturnType<typeof createPaymentsService>

/**
 * The payments module: the one door to the payment providers.
 * It holds a registry by name: the configured card provider (Stripe or the sandbox), which
 * answers when no name is given, and any others (gateways, offline methods). Refunds and voids
 * go to the provider that holds the payment, never simply the configured one. A production shop
 * without STRIPE_SECRET_KEY has no card provider at all (`cardProviderOf`). Orders never call
 * a provider; the flows (src/flows/) call this, outside their transactions
 * (docs/architecture.md, Stack pitfalls §3).
 */
export function createPaymentsService({
  card,
  others = [],
}: {
  card: PaymentProvider | undefined
  others?: readonly PaymentProvider[]
}) {
  const registry = new Map<string, PaymentProvider>()
  for (const provider of card ? [card, ...others] : others) {
    if (registry.has(provider.name)) throw new Error(`two payment providers named ${provider.name}`)
    registry.set(provider.name, provider)
  }

  /** The provider by name; a name no longer configured is a bug in the deployment, not the buyer's. */
  function of(name: ProviderName): PaymentProvider {
    if (!name) {
      if (!card) throw new AppError('VALIDATION_FAILED', paymentMethodRules.notOffered)
      return card
    }
    const provider = registry.get(name)
    if (!provider) throw new Error(`payment provider ${name} is not configured`)
    return provider
  }

  return {
    /** The configured card provider's name (what create-payment-intent starts); none: no card. */
    provider: card?.name,
    hasWebhook: card?.hasWebhook ?? false,
    /** Every configured provider's name, the card provider first. */
    names: (): string[] => [...registry.keys()],
    /** The name an order records for a payment started or verified without a name. */
    nameOf: (name: ProviderName): string => of(name).name,

    /** Starts (or reuses) the payment an order is paid with; how it goes on depends on the provider. */
    startPayment: (
      input: Parameters<PaymentProvider['startPayment']>[0],
      provider?: ProviderName,
    ): Promise<PaymentStart> => ask(() => of(provider).startPayment(input)),

    /** The payment as its provider itself tells it; undefined when it knows no such payment. */
    retrieveIntent: (id: string, provider?: ProviderName) =>
      ask(() => of(provider).retrieveIntent(id)),

    /** A gateway's payment checked against its attempt; counts only without mismatches. */
    checkPayment(id: string, attempt: AttemptExpectation, provider: ProviderName) {
      const checker = of(provider)
      const check = checker.checkPayment?.bind(checker)
      if (!check) throw new Error(`${checker.name} checks no gateway attempts`)
      return ask(() => check(id, attempt))
    },

    /**
     * The payments a gateway knows under an attempt's id (the gateway's transaction query); each
     * still goes through `checkPayment`. A provider without such a query knows none.
     */
    async paymentsFor(attemptId: string, provider: ProviderName): Promise<string[]> {
      const gateway = of(provider)
      const query = gateway.paymentsFor?.bind(gateway)
      return query ? ask(() => query(attemptId)) : []
    },

    /** Voids a payment; false when it cannot be, because it already succeeded. */
    cancelIntent: (id: string, provider?: ProviderName) => of(provider).cancelIntent(id),

    /** Refunds a succeeded payment in full through the provider that took it; once per key. */
    refund: (input: Parameters<PaymentProvider['refund']>[0], provider?: ProviderName) =>
      ask(() => of(provider).refund(input)),

    /** Where a pending refund stands; a provider without a refund query finishes its refunds at once. */
    refundStatus(refundId: string, provider: ProviderName) {
      const asked = of(provider)
      const status = asked.refundStatus?.bind(asked)
      if (!status) return Promise.resolve('refunded' as const)
      return ask(() => status(refundId))
    },

    /**
     * A notification the named provider verified and read: a forged one is a 400;
     * a provider that is not configured or sends none is a 404, as if its route did not exist.
     */
    async readNotification(
      name: string,
      notification: ProviderNotification,
    ): Promise<PaymentEvent> {
      const provider = registry.get(name)
      if (!provider?.hasWebhook) throw new AppError('NOT_FOUND', p.noSuchProvider)
      try {
        return await provider.verifyNotification(notification)
      } catch (error) {
        if (error instanceof WebhookRefusedError)
          throw new AppError('VALIDATION_FAILED', p.badSignature)
        throw error
      }
    },
  }
}
