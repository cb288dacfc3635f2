import {
  activityWords,
  messages,
  PAYMENT_METHODS,
  paymentMethodRules,
  paymentMethodWords,
  shopDate,
  type Clock,
  type PaymentMethodOption,
  type PaymentOutcomeKind,
  type StartPaymentResponse,
} from '@toolworks/shared'

import type { Db } from '../db/client.js'
import { inTransaction } from '../lib/after-commit.js'
import { AppError } from '../lib/app-error.js'
import type { AccountsService, Actor } from '../modules/accounts/accounts.service.js'
import { shortId } from '../modules/audit/audit-values.js'
import { writePaymentEvent } from '../modules/audit/audit.service.js'
import type { OrdersService } from '../modules/orders/orders.service.js'
import type { PaymentAttempts } from '../modules/payments/payment-attempts.service.js'
import type { PaymentMismatch, ProviderNotification } from '../modules/payments/payment-provider.js'
import { BANK_TRANSFER } from '../modules/payments/bank-transfer/bank-transfer-provider.js'
import type { PaymentRecords } from '../modules/payments/payment-records.service.js'
import { type PaymentsService } from '../modules/payments/payments.service.js'
import { SSLCOMMERZ } from '../modules/payments/sslcommerz/sslcommerz-provider.js'
import type { CheckoutFlow } from './checkout.js'
import type { PaymentReceivedFlow } from './payment-received.js'

const a = activityWords.summary
const DAY_MS = 86_400_000

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

/** What a gateway's notification came to, for the IPN's answer and the buyer's return. */
export type NoticeResult = { orderId: string | undefined; outcome: PaymentOutcomeKind }

export type GatewayPaymentFlow = ReturnType<typeof createGatewayPaymentFlow>

/**
 * Paying through SSLCommerz and by bank transfer (issue 27). Starting one, and what the
 * gateway says afterwards: its notification (the IPN) and the buyer's return carry the same
 * signed fields, and neither is believed until the validation API confirms the payment with
 * the attempt's tran_id, amount and currency. Then the payment-received flow records it once,
 * however many times and in whatever order they arrive.
 */
export function createGatewayPaymentFlow({
  db,
  orders,
  payments,
  attempts,
  accounts,
  checkout,
  paymentReceived,
  records,
  holdDays,
  clock,
  log,
}: {
  db: Db
  orders: OrdersService
  payments: Pick<
    PaymentsService,
    'names' | 'provider' | 'startPayment' | 'checkPayment' | 'readNotification'
  >
  attempts: PaymentAttempts
  accounts: Pick<AccountsService, 'lockUsers'>
  checkout: Pick<CheckoutFlow, 'startPayment'>
  paymentReceived: Pick<PaymentReceivedFlow, 'record'>
  records: Pick<PaymentRecords, 'record'>
  /** BANK_TRANSFER_HOLD_DAYS: how long an order awaiting a transfer holds its stock. */
  holdDays: number
  clock: Clock
  log: Log
}) {
  const offered = (id: string) => payments.names().includes(id)

  /** The refusal of a payment the validation API does not confirm as this attempt's. */
  async function refuse(
    orderId: string,
    differed: PaymentMismatch[],
    said: Record<string, unknown>,
  ) {
    log.warn(
      { orderId, differed: differed.map((d) => d.field) },
      'SSLCommerz payment refused: it does not match the order',
    )
    await db.transaction((tx) =>
      writePaymentEvent(tx, { id: null, email: SSLCOMMERZ }, orderId, {
        summary: a.paymentRefused(shortId(orderId), differed.map((d) => d.field).join(', ')),
        before: null,
        after: { method: SSLCOMMERZ, differed, ...said },
      }),
    )
  }

  /** SSLCommerz validated a payment but flagged it as risky: the order waits for an admin. */
  async function holdForReview(orderId: string, valId: string, said: Record<string, unknown>) {
    const head = await orders.head(orderId)
    if (!head) return
    await inTransaction(
      db,
      async (tx) => {
        // The global lock order (issue 14): the customer, then the order.
        if (head.customerId) await accounts.lockUsers(tx, [head.customerId])
        const row = await orders.lock(tx, orderId)
        if (!row) return
        const flagged = await orders.flagForReview(tx, orderId, valId, SSLCOMMERZ)
        if (!flagged) return
        // The money is there but not yet the shop's: a payment row under review.
        const { row: payment } = await records.record(tx, {
          orderId,
          provider: SSLCOMMERZ,
          method: 'sslcommerz',
          providerPaymentId: valId,
          providerRef: typeof said.bankTranId === 'string' ? said.bankTranId : null,
          tranId: typeof said.tranId === 'string' ? said.tranId : null,
          amountCents: row.totalCents,
          currency: row.currency,
          state: 'under-review',
          receivedAt: clock(),
        })
        await writePaymentEvent(tx, { id: null, email: SSLCOMMERZ }, orderId, {
          summary: a.paymentUnderReview(shortId(orderId)),
          before: { paymentState: row.paymentState },
          after: {
            paymentState: flagged.paymentState,
            method: SSLCOMMERZ,
            payment: payment.id,
            ...said,
          },
        })
      },
      log,
    )
  }

  /**
   * A signed notification from SSLCommerz (the IPN, or the buyer's return with the same
   * fields). Throws a 400 AppError when the signature fails and a 503 when the validation API
   * does not answer (the gateway retries); any other outcome is an answer, never an error.
   */
  async function notice(notification: ProviderNotification): Promise<NoticeResult> {
    const event = await payments.readNotification(SSLCOMMERZ, notification)
    const said = event.gateway
    if (!said) throw new Error('SSLCommerz notification without its gateway fields')
    const attempt = await attempts.find(said.tranId)
    if (!attempt) {
      log.warn({ tranId: said.tranId }, 'SSLCommerz notification for an unknown tran_id; ignored')
      return { orderId: undefined, outcome: 'failed' }
    }
    const orderId = attempt.orderId
    await attempts.said(said.tranId, said.status)
    if (event.type !== 'payment_succeeded')
      return { orderId, outcome: said.status === 'CANCELLED' ? 'cancelled' : 'failed' }

    const valId = event.paymentIntentId
    const ids = { tranId: said.tranId, valId, bankTranId: said.bankTranId }
    // Both must hold (issue 27): the signature (checked above) and the validation API saying
    // VALID or VALIDATED for this very attempt, its amount and its currency.
    const { payment: intent, mismatches } = await payments.checkPayment(
      valId,
      { tranId: said.tranId, amountCents: attempt.amountCents, currency: attempt.currency },
      SSLCOMMERZ,
    )
    if (!intent || mismatches.length > 0) {
      const differed = intent ? mismatches : [{ field: 'val_id', expected: valId, actual: '' }]
      await refuse(orderId, differed, ids)
      return { orderId, outcome: 'failed' }
    }
    const withIds = { ...ids, bankTranId: intent.transactionId ?? said.bankTranId }
    if (intent.status === 'under_review') {
      await holdForReview(orderId, valId, { ...withIds, riskLevel: said.riskLevel })
      return { orderId, outcome: 'under-review' }
    }
    try {
      const outcome = await paymentReceived.record(
        orderId,
        intent.transactionId ?? intent.id,
        SSLCOMMERZ,
        { event: 'pay', method: 'sslcommerz', paymentIntentId: valId, details: withIds },
      )
      return {
        orderId,
        outcome:
          outcome.kind === 'paid'
            ? 'received'
            : outcome.kind === 'duplicate'
              ? 'not-needed'
              : 'failed',
      }
    } catch (error) {
      // The order was paid by another payment meanwhile: this one is logged for a person.
      if (error instanceof AppError && error.code === 'CONFLICT') {
        log.error({ orderId, ...withIds }, 'SSLCommerz payment for an order paid otherwise')
        return { orderId, outcome: 'failed' }
      }
      throw error
    }
  }

  return {
    /** GET /api/payment-methods: what the shop has configured, in the payment page's order. */
    methods(): PaymentMethodOption[] {
      const card = payments.provider !== undefined
      return PAYMENT_METHODS.filter((id) => (id === 'card' ? card : offered(id))).map((id) => ({
        id,
        label: paymentMethodWords[id].label,
      }))
    },

    /** POST /api/purchase/{id}/payment: the gateway's page, or the transfer's reference. */
    async start(
      actor: Actor,
      orderId: string,
      method: 'sslcommerz' | 'bank-transfer',
    ): Promise<StartPaymentResponse> {
      if (!offered(method)) throw new AppError('VALIDATION_FAILED', paymentMethodRules.notOffered)
      if (method === 'sslcommerz') {
        const { next } = await checkout.startPayment(actor, orderId, 'sslcommerz', SSLCOMMERZ)
        if (next.kind !== 'redirect') throw new Error(`SSLCommerz answered ${next.kind}`)
        return { redirectUrl: next.url }
      }
      const { next } = await checkout.startPayment(actor, orderId, 'bank-transfer', BANK_TRANSFER)
      if (next.kind !== 'instructions') throw new Error(`bank transfer answered ${next.kind}`)
      const awaiting = await orders.awaitTransfer(
        orderId,
        next.reference,
        new Date(clock().getTime() + holdDays * DAY_MS),
      )
      // Paid, cancelled or flagged for review while this was starting.
      if (!awaiting) throw new AppError('CONFLICT', messages.paymentRules.alreadyPaid)
      return { reference: next.reference, proformaUrl: `/api/purchase/${orderId}/proforma.pdf` }
    },

    /**
     * What the proforma invoice of an order awaiting a transfer shows (the owner's or an
     * admin's): the order, and how to pay it, due by the end of its hold.
     */
    async proforma(actor: Actor, orderId: string) {
      const order = await orders.forInvoice(actor, orderId)
      if (order.paymentState !== 'awaiting-transfer' || !offered(BANK_TRANSFER))
        throw new AppError('CONFLICT', paymentMethodRules.noProforma)
      const start = await payments.startPayment(
        {
          orderId: order.id,
          amountCents: order.totalCents,
          // As the buyer reads it on the document: the order's currency, in capitals.
          currency: order.currency,
          idempotencyKey: `proforma-${order.id}`,
          customerEmail: order.customerEmail,
        },
        BANK_TRANSFER,
      )
      if (start.kind !== 'instructions') throw new Error(`bank transfer answered ${start.kind}`)
      const holdEnd = orders.view(order).payBy
      return {
        order,
        payment: { ...start, dueDate: holdEnd ? shopDate(new Date(holdEnd)) : start.dueDate },
      }
    },

    /** POST /api/payments/sslcommerz/ipn. */
    ipn: notice,

    /**
     * The buyer's return from SSLCommerz's page: where My Orders shows what happened. A
     * return that is not signed, or whose payment cannot be confirmed yet, changes nothing;
     * the IPN still can.
     */
    async returned(
      route: 'success' | 'fail' | 'cancel',
      notification: ProviderNotification,
    ): Promise<NoticeResult> {
      const fallback: PaymentOutcomeKind =
        route === 'cancel' ? 'cancelled' : route === 'fail' ? 'failed' : 'pending'
      try {
        const result = await notice(notification)
        return route === 'success' || result.outcome !== 'failed'
          ? result
          : { ...result, outcome: fallback }
      } catch (error) {
        if (error instanceof AppError) return { orderId: undefined, outcome: fallback }
        throw error
      }
    },
  }
}
