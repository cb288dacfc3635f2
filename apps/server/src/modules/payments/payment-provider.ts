/** What the shop needs from a card payment provider (docs/architecture.md, flow 1): Stripe or the sandbox. */
export type PaymentIntentView = {
  id: string
  status: string
  amountCents: number
  currency: string
  /** The order the intent was created for (metadata), if any. */
  orderId: string | undefined
}

/**
 * A provider's webhook as the shop acts on it, whatever the provider (issue 13): the
 * provider checks the signature and reads its own format; the service sees only this.
 */
export type PaymentEvent =
  | { type: 'payment_succeeded'; paymentIntentId: string; orderId: string | undefined }
  /** Signed and understood, but nothing the shop acts on (another event type). */
  | { type: 'ignored'; providerType: string }

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe'
  /** Whether this provider sends webhooks (the route is mounted only then). */
  readonly hasWebhook: boolean
  createIntent(input: {
    orderId: string
    amountCents: number
    currency: string
    idempotencyKey: string
    customerEmail: string
  }): Promise<{ id: string; clientSecret: string }>
  retrieveIntent(id: string): Promise<PaymentIntentView | undefined>
  /**
   * Voids an intent so that it can no longer be paid (its order was cancelled). Answers
   * false when it cannot be cancelled because it already succeeded; an unknown or already
   * cancelled intent is true (nothing can be paid with it).
   */
  cancelIntent(id: string): Promise<boolean>
  /** Refunds a succeeded intent in full; the same key twice refunds once. */
  refund(input: { paymentIntentId: string; idempotencyKey: string }): Promise<{ id: string }>
  /** Verifies and reads a webhook; throws WebhookRefusedError when it is not genuine. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent
}

/** Thrown when the provider does not answer in time or at all: the caller may retry. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause })
    this.name = 'ProviderUnavailableError'
  }
}

/** A webhook whose signature or body does not hold: answered 400, never acted on. */
export class WebhookRefusedError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'WebhookRefusedError'
  }
}
