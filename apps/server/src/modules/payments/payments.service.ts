import { CURRENCY, messages } from '@toolworks/shared'

import { AppError } from '../../lib/app-error.js'
import {
  ProviderUnavailableError,
  WebhookRefusedError,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider.js'

const p = messages.paymentRules

type Headers = Record<string, string | string[] | undefined>

/** The currency every payment is in, as providers spell it. */
export const PAYMENT_CURRENCY = CURRENCY.toLowerCase()

/** A provider that does not answer is a 503 the caller may retry; anything else is a bug. */
async function ask<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('UNAVAILABLE', p.providerDown)
    throw error
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>

/**
 * The payments module: the one door to the payment provider (issue 5, issue 13). Orders never
 * call a provider; the flows (src/flows/) call this, outside their transactions
 * (docs/architecture.md, Stack pitfalls §3).
 */
export function createPaymentsService({ provider }: { provider: PaymentProvider }) {
  return {
    provider: provider.name,
    hasWebhook: provider.hasWebhook,

    /** Opens (or reuses) the intent an order is paid with. */
    createIntent: (input: Parameters<PaymentProvider['createIntent']>[0]) =>
      ask(() => provider.createIntent(input)),

    /** The intent as the provider itself tells it; undefined when it knows no such intent. */
    retrieveIntent: (id: string) => ask(() => provider.retrieveIntent(id)),

    /** Voids an intent; false when it cannot be, because it already succeeded. */
    cancelIntent: (id: string) => provider.cancelIntent(id),

    /** Refunds a succeeded intent in full; the same key twice refunds once. */
    refund: (input: Parameters<PaymentProvider['refund']>[0]) => ask(() => provider.refund(input)),

    /** A notification the provider verified and read; a forged one is a 400 (issue 13). */
    readNotification(rawBody: Buffer, headers: Headers): PaymentEvent {
      try {
        return provider.parseWebhook(rawBody, headers)
      } catch (error) {
        if (error instanceof WebhookRefusedError)
          throw new AppError('VALIDATION_FAILED', p.badSignature)
        throw error
      }
    },
  }
}
