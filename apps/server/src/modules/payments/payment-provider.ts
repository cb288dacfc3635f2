/**
 * What the shop needs from a payment provider (docs/architecture.md, flow 1): a card provider
 * (Stripe or the sandbox) today; a redirect gateway or an offline method fits the same shape.
 */
export type PaymentIntentView = {
  id: string
  status: string
  amountCents: number
  currency: string
  /** The order the payment was started for (metadata, or the gateway's own mapping), if any. */
  orderId: string | undefined
  /**
   * The id the order shows as its `transactionId`, when it is not `id` (SSLCommerz's
   * bank_tran_id; `id` is then the attempt's tran_id).
   */
  transactionId?: string
}

/** Money to be paid by hand (a bank transfer): what the buyer needs to send it. */
export type PaymentInstructions = {
  /** What the buyer writes on the transfer so the shop can match it to the order. */
  reference: string
  amountCents: number
  currency: string
  /** The last shop day (YYYY-MM-DD) the money is expected by. */
  dueDate: string
  /** The instructions, one sentence or detail per line (bank name, account, …). */
  lines: string[]
}

/**
 * How a started payment goes on: the browser confirms it with a client secret
 * (cards), the buyer is sent to the gateway's page (redirect), or pays by hand (instructions).
 * `paymentId` is the provider's id for this attempt; the order remembers it.
 */
export type PaymentStart =
  | { kind: 'client_secret'; paymentId: string; clientSecret: string }
  | { kind: 'redirect'; paymentId: string; url: string }
  | ({ kind: 'instructions'; paymentId: string } & PaymentInstructions)

/**
 * How a refund went: a card provider or gateway sends the money back itself
 * (`refunded`, `id` its refund's id); a bank transfer cannot be pulled back, so the answer is
 * that a refund is `due` by hand: a person sends the money and records the outgoing
 * transfer's reference. `id` names the pending refund until then (`paymentId` the payment it
 * gives back); it is no proof that money went out.
 */
export type RefundAnswer =
  | { kind: 'refunded'; id: string }
  | { kind: 'due'; id: string; paymentId: string }
  /** The gateway took the refund but has not sent the money yet: ask `refundStatus` later. */
  | { kind: 'pending'; id: string }

/**
 * A provider's notification as it arrived, untouched: the provider checks its own signature
 * over the raw bytes, whether JSON (Stripe's webhook) or a form (a gateway's IPN).
 */
export type ProviderNotification = {
  rawBody: Buffer
  headers: Record<string, string | string[] | undefined>
  /** The request's media type without parameters (`application/json`), '' when none. */
  contentType: string
}

/**
 * A provider's notification as the shop acts on it, whatever the provider: the
 * provider checks the signature and reads its own format; the service sees only this.
 */
export type PaymentEvent =
  | {
      type: 'payment_succeeded'
      /** The id `retrieveIntent` takes for this payment (Stripe's intent; SSLCommerz's val_id). */
      paymentIntentId: string
      orderId: string | undefined
      gateway?: GatewayNotice
    }
  /** Signed and understood, but nothing the shop acts on (another event type, a failure). */
  | { type: 'ignored'; providerType: string; gateway?: GatewayNotice }

/**
 * What a redirect gateway's notification said (SSLCommerz's IPN), signed fields only:
 * the gateway maps its `tranId` to the order, so the event's `orderId` is then undefined.
 */
export type GatewayNotice = {
  status: string
  tranId: string
  valId: string | undefined
  amount: string | undefined
  currency: string | undefined
  riskLevel: string | undefined
  bankTranId: string | undefined
}

export interface PaymentProvider {
  /** Its name in the registry, in `orders.payment_provider` and in its notification route. */
  readonly name: string
  /** Whether this provider sends notifications (its route answers only then). */
  readonly hasWebhook: boolean
  startPayment(input: {
    orderId: string
    amountCents: number
    currency: string
    idempotencyKey: string
    customerEmail: string
    /** Who pays, for a gateway that asks (SSLCommerz's `cus_*` fields); cards need none. */
    buyer?: { name?: string; phone?: string; address?: string; city?: string; country?: string }
    /** What is paid for, for a gateway that asks (`num_of_item`, `product_name`). */
    items?: { count: number; name: string }
  }): Promise<PaymentStart>
  /**
   * The payment as the provider itself tells it (the shop never trusts the browser or an
   * unverified notification); undefined when it knows no such payment.
   */
  retrieveIntent(id: string): Promise<PaymentIntentView | undefined>
  /**
   * Voids a payment so that it can no longer be paid (its order was cancelled). Answers
   * false when it cannot be cancelled because it already succeeded; an unknown or already
   * cancelled payment is true (nothing can be paid with it).
   */
  cancelIntent(id: string): Promise<boolean>
  /**
   * Refunds a succeeded payment in full, or says the refund is due by hand; the same key twice
   * refunds once.
   */
  refund(input: { paymentIntentId: string; idempotencyKey: string }): Promise<RefundAnswer>
  /** Where a refund that answered `pending` stands now (a gateway's refund query). */
  refundStatus?(refundId: string): Promise<'refunded' | 'pending' | 'failed'>
  /** Verifies and reads a notification; throws WebhookRefusedError when it is not genuine. */
  verifyNotification(notification: ProviderNotification): PaymentEvent | Promise<PaymentEvent>
  /**
   * A gateway that knows each attempt by its own id (SSLCommerz's tran_id): the
   * payment behind `id`, as the gateway tells it, checked against the attempt it should pay.
   * It counts only when `mismatches` is empty. Card providers check by `retrieveIntent`.
   */
  checkPayment?(id: string, attempt: AttemptExpectation): Promise<PaymentCheck>
  /**
   * A gateway's own list of the payments made under an attempt's id (SSLCommerz's transaction
   * query by tran_id), as the ids `checkPayment` takes: how a payment whose notification could
   * not be confirmed is found again. Empty when the buyer never paid.
   */
  paymentsFor?(attemptId: string): Promise<string[]>
}

/** What a gateway's payment must match: the attempt's id, amount and currency. */
export type AttemptExpectation = { tranId: string; amountCents: number; currency: string }

/** One way a payment differs from the attempt it is meant to pay, as the audit log keeps it. */
export type PaymentMismatch = { field: string; expected: string; actual: string }

export type PaymentCheck = {
  /** The payment; undefined when the gateway knows none by that id. */
  payment: PaymentIntentView | undefined
  mismatches: PaymentMismatch[]
  /** The gateway's own word for it (SSLCommerz: VALID the first time, VALIDATED after). */
  said: string
}

/** Thrown when the provider does not answer in time or at all: the caller may retry. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause })
    this.name = 'ProviderUnavailableError'
  }
}

/** A notification whose signature or body does not hold: answered 400, never acted on. */
export class WebhookRefusedError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'WebhookRefusedError'
  }
}
