import { randomBytes } from 'node:crypto'

import {
  WebhookRefusedError,
  type AttemptExpectation,
  type GatewayNotice,
  type PaymentCheck,
  type PaymentIntentView,
  type PaymentProvider,
} from '../payment-provider.js'
import {
  createSslcommerzClient,
  SslcommerzError,
  type SslcommerzClientOptions,
} from './sslcommerz-client.js'
import {
  formatAmount,
  isValidated,
  NotificationFormSchema,
  parseAmount,
  paymentMismatches,
  refundStatusOf,
  verifyKeyNames,
  verifySign,
  type ValidationAnswer,
} from './sslcommerz-protocol.js'
import { createValidationMemo, type ValidationMemo } from './validation-memo.js'

/**
 * How long the shop sends a buyer back to a gateway session it opened rather than opening
 * another: well inside the time SSLCommerz keeps a session payable, so a page reused is never one
 * the gateway has let lapse.
 */
export const GATEWAY_SESSION_MS = 30 * 60_000

/** Its name in the registry, in `orders.payment_provider` and in the audit log. */
export const SSLCOMMERZ = 'sslcommerz'

/** The shop's routes the gateway calls back ("API words"), under `PUBLIC_URL`. */
export const SSLCOMMERZ_CALLBACKS = {
  ipn: '/api/payments/sslcommerz/ipn',
  success: '/api/payments/sslcommerz/return/success',
  fail: '/api/payments/sslcommerz/return/fail',
  cancel: '/api/payments/sslcommerz/return/cancel',
} as const

/**
 * A new tran_id for each attempt (at most 30 characters, unique, a retry gets a new
 * one): the order's first 8 hex digits, to find it by eye, and 16 random ones, to be unique.
 */
export function newTranId(orderId: string): string {
  const order = orderId.replace(/[^0-9a-fA-F]/g, '').slice(0, 8)
  return `TW${order}-${randomBytes(8).toString('hex')}`
}

export type SslcommerzProviderOptions = SslcommerzClientOptions & {
  /** The shop's public origin (`PUBLIC_URL`): the callbacks above are absolute under it. */
  publicUrl: string
  /** Where the IPN's and the return's validations are remembered (validation-memo.ts). */
  validations?: ValidationMemo
}

/**
 * SSLCommerz as a PaymentProvider. Its ids: `startPayment` answers the attempt's
 * tran_id (the order keeps it); a notification's event carries the val_id as its
 * `paymentIntentId`, because the validation API knows a payment only by it; so `retrieveIntent`
 * and `refund` take a val_id, and the view they answer has the tran_id as its `id`, which the
 * caller compares with the attempt the order started.
 */
export function createSslcommerzProvider(options: SslcommerzProviderOptions) {
  const client = createSslcommerzClient(options)
  const validations = options.validations ?? createValidationMemo()
  const callback = (path: string) => options.publicUrl.replace(/\/$/, '') + path

  /** The view of a validated payment: the amount and currency the rule compares. */
  function view(answer: ValidationAnswer): PaymentIntentView {
    const currency = (answer.currency_type ?? 'BDT').toUpperCase()
    const paid = currency === 'BDT' ? answer.amount : answer.currency_amount
    return {
      id: answer.tran_id ?? '',
      // A payment SSLCommerz flags as risky waits for an admin: never 'succeeded'.
      status: isValidated(answer)
        ? answer.risk_level === '1'
          ? 'under_review'
          : 'succeeded'
        : answer.status.toLowerCase(),
      // An unreadable amount matches no order, so such a payment is never taken as paying one.
      amountCents: parseAmount(paid) ?? -1,
      currency: currency.toLowerCase(),
      orderId: undefined,
      ...(answer.bank_tran_id && { transactionId: answer.bank_tran_id }),
    }
  }

  const provider = {
    name: SSLCOMMERZ,
    hasWebhook: true,

    async startPayment({ orderId, amountCents, currency, customerEmail, buyer, items }) {
      const tranId = newTranId(orderId)
      const { gatewayPageUrl } = await client.createSession({
        total_amount: formatAmount(amountCents),
        currency: currency.toUpperCase(),
        tran_id: tranId,
        success_url: callback(SSLCOMMERZ_CALLBACKS.success),
        fail_url: callback(SSLCOMMERZ_CALLBACKS.fail),
        cancel_url: callback(SSLCOMMERZ_CALLBACKS.cancel),
        ipn_url: callback(SSLCOMMERZ_CALLBACKS.ipn),
        // SSLCommerz requires every cus_* field; the shop passes what it knows of the buyer.
        cus_name: buyer?.name || customerEmail.split('@')[0] || customerEmail,
        cus_email: customerEmail,
        cus_add1: buyer?.address || 'Dhaka',
        cus_city: buyer?.city || 'Dhaka',
        cus_country: buyer?.country || 'Bangladesh',
        cus_phone: buyer?.phone || 'N/A',
        shipping_method: 'NO',
        num_of_item: String(Math.max(1, items?.count ?? 1)),
        product_name: items?.name || `Toolworks order ${orderId.slice(0, 8)}`,
        product_category: 'Tools',
        product_profile: 'general',
      })
      return { kind: 'redirect', paymentId: tranId, url: gatewayPageUrl }
    },

    /** The payment behind a val_id, as the validation API tells it; undefined when unknown. */
    async retrieveIntent(valId) {
      const answer = await client.validate(valId)
      if (answer.status === 'INVALID_TRANSACTION') return undefined
      return view(answer)
    },

    // SSLCommerz has no call to void a session: an unpaid one expires at the gateway, and money
    // that still arrives for a cancelled order takes the shop's late-payment path (a refund).
    async cancelIntent() {
      return true
    },

    /**
     * Refunds the payment behind a val_id in full, in the taka it settled, as the refund named
     * by the key (`refund_trans_id` and `refe_id`): asked again, the gateway answers the same
     * refund. The gateway only starts a refund; the refund query then says whether the money
     * went back, and a refund still processing is `pending`, asked again later.
     */
    async refund({ paymentIntentId, idempotencyKey }) {
      const answer = await client.validate(paymentIntentId)
      if (!isValidated(answer) || !answer.bank_tran_id || !answer.amount)
        throw new SslcommerzError(`refund: no validated payment for val_id ${paymentIntentId}`)
      const { refundRefId } = await client.refund({
        bankTranId: answer.bank_tran_id,
        amount: answer.amount,
        remarks: `Toolworks refund ${answer.tran_id ?? ''}`.trim(),
        refundTransId: idempotencyKey,
      })
      // A query that does not answer leaves the refund pending: it was started, and is asked again.
      const status = await client
        .refundStatus(refundRefId)
        .then(refundStatusOf, () => 'pending' as const)
      if (status === 'failed') throw new SslcommerzError(`refund ${refundRefId} was cancelled`)
      return { kind: status, id: refundRefId }
    },

    async refundStatus(refundRefId) {
      return refundStatusOf(await client.refundStatus(refundRefId))
    },

    /**
     * The IPN (form-encoded): its verify_sign must check out, and only the fields its verify_key
     * lists are read, since the others are not signed. VALID is a payment to validate; any
     * other outcome is ignored (nothing is marked), with what it said.
     */
    verifyNotification({ rawBody, contentType }) {
      if (contentType !== 'application/x-www-form-urlencoded')
        throw new WebhookRefusedError('not a form')
      const form = new URLSearchParams(rawBody.toString('utf8'))
      const fields: Record<string, string> = {}
      for (const [key, value] of form) {
        // Two values for one name could be read one way when signing and another when acting.
        if (key in fields) throw new WebhookRefusedError(`field ${key} repeated`)
        fields[key] = value
      }
      if (!verifySign(fields, options.storePassword))
        throw new WebhookRefusedError('bad or missing verify_sign')
      const signed = new Set(verifyKeyNames(fields.verify_key))
      const signedOnly = Object.fromEntries(
        Object.entries(fields).filter(
          ([k]) => signed.has(k) || k === 'verify_key' || k === 'verify_sign',
        ),
      )
      const parsed = NotificationFormSchema.safeParse(signedOnly)
      if (!parsed.success) throw new WebhookRefusedError('status or tran_id missing or unsigned')
      const n = parsed.data
      const gateway: GatewayNotice = {
        status: n.status,
        tranId: n.tran_id,
        valId: n.val_id,
        amount: n.amount,
        currency: n.currency,
        riskLevel: n.risk_level,
        bankTranId: n.bank_tran_id,
      }
      if (n.status !== 'VALID') return { type: 'ignored', providerType: n.status, gateway }
      if (!n.val_id) throw new WebhookRefusedError('VALID without a signed val_id')
      return { type: 'payment_succeeded', paymentIntentId: n.val_id, orderId: undefined, gateway }
    },

    /**
     * The val_ids of the payments the gateway says went through under a tran_id (the
     * transaction query), each still to be validated against its attempt by `checkPayment`.
     */
    async paymentsFor(tranId: string): Promise<string[]> {
      const found = await client.queryTransaction(tranId)
      return found
        .filter((payment) => isValidated(payment) && payment.tran_id === tranId && payment.val_id)
        .map((payment) => payment.val_id ?? '')
    },

    /**
     * Validates a payment against the attempt it should pay: it counts only when
     * `mismatches` is empty (sslcommerz-protocol.ts, paymentMismatches).
     */
    async checkPayment(valId: string, attempt: AttemptExpectation): Promise<PaymentCheck> {
      // The IPN, the return and their replays: one validation call per val_id a minute.
      const answer = await validations.answer(valId, () => client.validate(valId))
      return {
        payment: answer.status === 'INVALID_TRANSACTION' ? undefined : view(answer),
        mismatches: paymentMismatches(answer, attempt),
        said: answer.status,
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>
  return provider
}

export type SslcommerzProvider = ReturnType<typeof createSslcommerzProvider>
