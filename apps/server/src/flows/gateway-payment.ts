import {
  activityWords,
  AWAITING_TRANSFER_ORDERS_MAX,
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

import type { Db, Tx } from '../db/client.js'
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
type PaymentAttemptRow = NonNullable<Awaited<ReturnType<PaymentAttempts['find']>>>
/** Due orders asked about per sweep; the rest wait for the next one (they cannot expire unasked). */
const RECHECK_BATCH = 50
/** What an attempt's outcome becomes when the transaction query finds no payment under it. */
const NOT_FOUND = 'NOT_FOUND'

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

/** What a gateway's notification came to, for the IPN's answer and the buyer's return. */
export type NoticeResult = { orderId: string | undefined; outcome: PaymentOutcomeKind }

export type GatewayPaymentFlow = ReturnType<typeof createGatewayPaymentFlow>

/**
 * Paying through SSLCommerz and by bank transfer. Starting one, and what the
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
  clock,
  log,
}: {
  db: Db
  orders: OrdersService
  payments: Pick<
    PaymentsService,
    'names' | 'provider' | 'startPayment' | 'checkPayment' | 'readNotification' | 'paymentsFor'
  >
  attempts: PaymentAttempts
  accounts: Pick<AccountsService, 'lockUsers' | 'buyerFacts'>
  checkout: Pick<CheckoutFlow, 'startPayment'>
  paymentReceived: Pick<PaymentReceivedFlow, 'record'>
  records: Pick<PaymentRecords, 'record'>
  clock: Clock
  log: Log
}) {
  const offered = (id: string) => payments.names().includes(id)

  /**
   * Why this buyer may not choose a bank transfer (for this order), or undefined when they may:
   * a transfer holds stock for days, so it is for verified accounts only, and for at most
   * AWAITING_TRANSFER_ORDERS_MAX orders at once. With `lock`, read under the buyer's lock.
   */
  async function transferRefusal(
    tx: Db | Tx,
    actor: Actor,
    orderId?: string,
    { lock = false } = {},
  ): Promise<AppError | undefined> {
    const [buyer] = lock
      ? await accounts.lockUsers(tx, [actor.id])
      : [await accounts.buyerFacts(tx, actor.id)]
    if (!buyer?.emailVerified)
      return new AppError('EMAIL_NOT_VERIFIED', paymentMethodRules.transferNeedsVerified)
    if (orderId === undefined) return undefined
    const awaiting = await orders.awaitingTransfer(tx, actor.id, orderId)
    if (awaiting >= AWAITING_TRANSFER_ORDERS_MAX)
      return new AppError(
        'CONFLICT',
        paymentMethodRules.tooManyAwaitingTransfer(AWAITING_TRANSFER_ORDERS_MAX),
      )
    return undefined
  }

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
        // The global lock order: the customer, then the order.
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
    const outcome = await settle(attempt, event.paymentIntentId, said)
    return { orderId, outcome }
  }

  /**
   * The one way a gateway payment is believed, whoever reports its val_id (the IPN, the buyer's
   * return, or the sweeper's transaction query): the validation API must say VALID or VALIDATED
   * for this very attempt, its amount and its currency. Then it is recorded through the
   * payment-received flow, held for an admin when flagged as risky, or refused.
   */
  async function settle(
    attempt: PaymentAttemptRow,
    valId: string,
    said: { tranId: string; bankTranId?: string | undefined; riskLevel?: string | undefined },
  ): Promise<PaymentOutcomeKind> {
    const orderId = attempt.orderId
    const ids = { tranId: said.tranId, valId, bankTranId: said.bankTranId }
    // Both must hold: the signature (checked by the caller, or the gateway's own
    // query) and the validation API confirming this attempt, its amount and its currency.
    const { payment: intent, mismatches } = await payments.checkPayment(
      valId,
      { tranId: said.tranId, amountCents: attempt.amountCents, currency: attempt.currency },
      SSLCOMMERZ,
    )
    if (!intent || mismatches.length > 0) {
      const differed = intent ? mismatches : [{ field: 'val_id', expected: valId, actual: '' }]
      await refuse(orderId, differed, ids)
      return 'failed'
    }
    const withIds = { ...ids, bankTranId: intent.transactionId ?? said.bankTranId }
    if (intent.status === 'under_review') {
      await holdForReview(orderId, valId, { ...withIds, riskLevel: said.riskLevel })
      return 'under-review'
    }
    try {
      const outcome = await paymentReceived.record(
        orderId,
        intent.transactionId ?? intent.id,
        SSLCOMMERZ,
        { event: 'pay', method: 'sslcommerz', paymentIntentId: valId, details: withIds },
      )
      return outcome.kind === 'paid'
        ? 'received'
        : outcome.kind === 'duplicate'
          ? 'not-needed'
          : 'failed'
    } catch (error) {
      // The order was paid by another payment meanwhile: this one is logged for a person.
      if (error instanceof AppError && error.code === 'CONFLICT') {
        log.error({ orderId, ...withIds }, 'SSLCommerz payment for an order paid otherwise')
        return 'failed'
      }
      throw error
    }
  }

  /**
   * Asks the gateway (the transaction query by tran_id) about one open attempt of an order due
   * to expire. A payment it knows is settled the one way above; none closes the attempt, so the
   * order may expire. Answers false when the gateway could not be asked: the attempt stays
   * open and its order waits (orders.queries.ts, `expireUnpaidBefore`).
   */
  async function recheck(attempt: PaymentAttemptRow): Promise<boolean> {
    try {
      const found = await payments.paymentsFor(attempt.tranId, SSLCOMMERZ)
      for (const valId of found) await settle(attempt, valId, { tranId: attempt.tranId })
      await attempts.said(attempt.tranId, found.length > 0 ? 'VALIDATED' : NOT_FOUND)
      return true
    } catch (error) {
      log.warn(
        { orderId: attempt.orderId, tranId: attempt.tranId, err: error },
        'SSLCommerz could not be asked about an attempt before its order expires; asked again next sweep',
      )
      return false
    }
  }

  return {
    /**
     * GET /api/payment-methods: what the shop has configured, in the payment page's order; for
     * a signed-in buyer, a method they may not use says why (bank transfer before verification).
     */
    async methods(actor?: Actor): Promise<PaymentMethodOption[]> {
      const card = payments.provider !== undefined
      const transferRefused =
        actor && offered(BANK_TRANSFER) ? await transferRefusal(db, actor) : undefined
      return PAYMENT_METHODS.filter((id) => (id === 'card' ? card : offered(id))).map((id) => ({
        id,
        label: paymentMethodWords[id].label,
        ...(id === BANK_TRANSFER && transferRefused && { unavailable: transferRefused.message }),
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
      // Refused before anything changes, so a refusal leaves the order as it was.
      const refused = await transferRefusal(db, actor, orderId)
      if (refused) throw refused
      const { next } = await checkout.startPayment(actor, orderId, 'bank-transfer', BANK_TRANSFER)
      if (next.kind !== 'instructions') throw new Error(`bank transfer answered ${next.kind}`)
      const awaiting = await inTransaction(
        db,
        async (tx) => {
          // Decided again under the buyer's lock: two starts at once cannot both pass the limit.
          const raced = await transferRefusal(tx, actor, orderId, { lock: true })
          if (raced) throw raced
          return orders.awaitTransfer(tx, orderId, next.reference, clock())
        },
        log,
      )
      // Paid, cancelled or flagged for review while this was starting.
      if (!awaiting) throw new AppError('CONFLICT', messages.paymentRules.alreadyPaid)
      return { reference: next.reference, proformaUrl: `/api/purchase/${orderId}/proforma.pdf` }
    },

    /**
     * The order sweeper's step before it expires anything (modules/orders/order-sweeper.ts):
     * after a validation outage an IPN may have been answered 503 and never retried, so every
     * order due to expire with an open SSLCommerz attempt is asked about first. Answers how
     * many attempts the gateway could not be asked about (their orders wait for the next sweep).
     */
    async recheckDue(now: Date): Promise<number> {
      if (!offered(SSLCOMMERZ)) return 0
      const due = await orders.dueWithOpenAttempt(now, RECHECK_BATCH)
      let unanswered = 0
      for (const attempt of await attempts.openOf(due))
        if (attempt.method === 'sslcommerz' && !(await recheck(attempt))) unanswered++
      return unanswered
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
