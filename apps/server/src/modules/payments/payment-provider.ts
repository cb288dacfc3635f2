/** What the shop needs from a card payment provider (DESIGN.md): Stripe or the sandbox. */
export type PaymentIntentView = {
  id: string
  status: string
  amountCents: number
  currency: string
  /** The order the intent was created for (metadata), if any. */
  orderId: string | undefined
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe'
  createIntent(input: {
    orderId: string
    amountCents: number
    currency: string
    idempotencyKey: string
    customerEmail: string
  }): Promise<{ id: string; clientSecret: string }>
  retrieveIntent(id: string): Promise<PaymentIntentView | undefined>
}

/** Thrown when the provider does not answer in time or at all: the caller may retry. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause })
    this.name = 'ProviderUnavailableError'
  }
}
