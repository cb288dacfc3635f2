import {
  activityWords,
  messages,
  nextOrderStatus,
  paymentMethodWords,
  systemClock,
  type Clock,
  type Order,
  type RefundRecordReason,
} from '@toolworks/shared'

import type { Db, Tx } from '../db/client.js'
import { inTransaction } from '../lib/after-commit.js'
import { AppError } from '../lib/app-error.js'
import type { AccountsService, Actor } from '../modules/accounts/accounts.service.js'
import { shortId } from '../modules/audit/audit-values.js'
import { writePaymentEvent, type AuditActor } from '../modules/audit/audit.service.js'
import type { CatalogService } from '../modules/catalog/catalog.service.js'
import type { OrderMails } from '../modules/orders/orders.mails.js'
import type { OrderWithLines, PaidBy } from '../modules/orders/orders.queries.js'
import {
  stockToReturn,
  type OrdersService,
  type PaymentOutcome,
  type RefundReason,
} from '../modules/orders/orders.service.js'
import type { ProviderNotification } from '../modules/payments/payment-provider.js'
import {
  paymentCurrencyOf,
  type PaymentsService,
  type ProviderName,
} from '../modules/payments/payments.service.js'
import type { PaymentRecords } from '../modules/payments/payment-records.service.js'
import { discountClaimedElsewhere } from '../modules/promotions/first-order-discount.js'
import type { QuoteAcceptanceService } from '../modules/quotes/quote-acceptance.service.js'
import type { RefundFlow } from './refunds.js'

const p = messages.paymentRules
const r = messages.orderRules
const a = activityWords.summary

/**
 * How a verified payment reached the order, who recorded it (an admin marking a
 * transfer received or accepting a review; else the provider) and what else the audit row keeps.
 */
export type PaymentBy = PaidBy & { actor?: AuditActor; details?: Record<string, unknown> }

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export type PaymentReceivedFlow = ReturnType<typeof createPaymentReceivedFlow>

/**
 * A payment the provider says succeeded: verify it with the
 * provider, mark the order paid with its invoice number in one transaction (or refund it), then
 * the receipt and cache notices after the commit. The amount always comes from the order.
 */
export function createPaymentReceivedFlow({
  db,
  orders,
  payments,
  catalog,
  accounts,
  quotes,
  records,
  refunds,
  mails,
  log,
  now = systemClock,
}: {
  db: Db
  orders: OrdersService
  payments: PaymentsService
  records: Pick<PaymentRecords, 'record' | 'requestRefund' | 'accept'>
  refunds: Pick<RefundFlow, 'send'>
  catalog: Pick<CatalogService, 'lockTools' | 'toolsForLines' | 'retakeStock' | 'stockChanged'>
  accounts: Pick<AccountsService, 'lockUsers'>
  quotes: Pick<QuoteAcceptanceService, 'reorderPlan' | 'reorder'>
  mails?: Pick<OrderMails, 'paid'>
  log: Log
  /** The clock a payment's time (and so its shop date) is read from; tests move it. */
  now?: Clock
}) {
  /**
   * Whether an order the sweeper expired, paid late, can live again: its first-order discount
   * must still be its customer's only one (else two live orders would have it), every line's
   * stock must be there, and every custom part's quote must be able to go back to Ordered:
   * Quoted again (not accepted into a cart, not expired, not declined), its latest offer still
   * valid and holding the order's quantity at the order's unit price. Then all of it is taken,
   * all lines or none; else the payment is refunded. The caller holds the customer's lock and
   * the order's, so neither can change meanwhile; tools, then quotes, are locked here.
   */
  async function reinstate(
    tx: Tx,
    row: OrderWithLines,
  ): Promise<'ok' | 'discount-used' | 'sold-out' | 'quote-gone'> {
    if (
      row.firstOrderDiscount &&
      row.customerId &&
      (await orders.hasLiveOrder(tx, row.customerId, { discounted: true, except: row.id }))
    )
      return 'discount-used'
    const wanted = stockToReturn(row.lines)
    const ids = wanted.map(([id]) => id)
    await catalog.lockTools(tx, ids)
    // Once per phone and per address too: the keys are locked after the tools, as
    // ordering locks them. Orders placed before the keys were kept have none to compare.
    if (row.firstOrderDiscount && row.customerId && row.phoneKey && row.addressKey) {
      const order = { ...row, customerId: row.customerId, phoneKey: row.phoneKey }
      if (await discountClaimedElsewhere(tx, { ...order, addressKey: row.addressKey }))
        return 'discount-used'
    }
    const tools = await catalog.toolsForLines(tx, ids)
    if (wanted.some(([id, amount]) => (tools.get(id)?.quantity ?? 0) < amount)) return 'sold-out'
    const plan = await quotes.reorderPlan(tx, row.lines)
    if (!plan) return 'quote-gone'
    for (const [id, amount] of wanted)
      if ((await catalog.retakeStock(tx, id, amount)) === undefined)
        throw new Error('stock moved under a held lock')
    await quotes.reorder(tx, plan, row.id)
    return 'ok'
  }

  /** Why money for a cancelled order goes back; undefined when the order may live again. */
  async function refundReason(
    tx: Tx,
    row: OrderWithLines,
    transactionId: string,
  ): Promise<RefundReason | undefined> {
    const earlier = row.cancelReason
    // A person's cancellation (the buyer's or an admin's) is final: their money goes back
    // whatever the stock. Only the sweeper's expiry may be paid back to life.
    if (earlier === 'customer' || earlier === 'admin' || earlier === 'refunded_cancelled')
      return 'refunded_cancelled'
    // A retried payment keeps the reason it was first refunded for.
    if (
      (earlier === 'refunded_out_of_stock' ||
        earlier === 'refunded_discount_used' ||
        earlier === 'refunded_quote_unavailable') &&
      row.paymentIntentId === transactionId
    )
      return earlier
    const verdict = await reinstate(tx, row)
    if (verdict === 'ok') return undefined
    return verdict === 'discount-used'
      ? 'refunded_discount_used'
      : verdict === 'quote-gone'
        ? 'refunded_quote_unavailable'
        : 'refunded_out_of_stock'
  }

  /** What a late payment's cancel reason becomes as the reason of its refund row. */
  const REFUND_REASON_OF: Record<RefundReason, RefundRecordReason> = {
    refunded_cancelled: 'cancelled',
    refunded_out_of_stock: 'out-of-stock',
    refunded_discount_used: 'discount-used',
    refunded_quote_unavailable: 'quote-unavailable',
  }

  /**
   * Records a verified payment. Arriving twice (webhook and client, in any order) changes
   * nothing the second time. A second, different payment for an order already paid is kept as a
   * payment and refunded through the provider that took it. Money for a cancelled order is
   * refunded unless the sweeper expired it and it can be taken again in full (the same
   * conditional UPDATE as ordering, in this transaction): never oversold. `provider` is the one
   * that took the money (none: the configured card provider): the payment row records it, and a
   * refund goes back through it. Every refund is written as a row before its provider is called.
   */
  async function record(
    orderId: string,
    transactionId: string,
    provider?: ProviderName,
    by: PaymentBy = { event: 'pay', method: 'card' },
  ): Promise<PaymentOutcome> {
    const providerName = payments.nameOf(provider)
    // The id the provider refunds by (SSLCommerz: the val_id; a card: the intent, the same id).
    const paymentId = by.paymentIntentId ?? transactionId
    const head = await orders.head(orderId)
    if (!head) throw new AppError('NOT_FOUND', r.orderNotFound)
    const at = now()
    const auditActor = by.actor ?? { id: null, email: providerName }
    const outcome = await inTransaction(
      db,
      async (tx, effects) => {
        // The global lock order: the customer, then the order, then its tools.
        if (head.customerId) await accounts.lockUsers(tx, [head.customerId])
        const row = await orders.lock(tx, orderId)
        if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
        const recordPayment = () =>
          records.record(tx, {
            orderId,
            provider: providerName,
            method: by.method,
            // A bank transfer is known by its own bank reference; the order's payment reference
            // is the same for every transfer made against it.
            providerPaymentId: by.method === 'bank-transfer' ? transactionId : paymentId,
            providerRef: transactionId,
            tranId: typeof by.details?.tranId === 'string' ? by.details.tranId : null,
            amountCents: row.totalCents,
            currency: row.currency,
            state: 'received',
            receivedAt: at,
          })
        if (row.paid) {
          if (row.transactionId === transactionId)
            return { kind: 'paid' as const, row, reinstated: false }
          // Another payment made this order paid first (two tabs, a double click, two
          // gateways): this one is the buyer's money all the same. Kept, and sent back.
          const { row: payment } = await recordPayment()
          const refund = await records.requestRefund(tx, payment, 'duplicate', {
            byHand: by.method === 'bank-transfer',
            requestedBy: by.actor?.id ?? null,
          })
          if (refund.created)
            await writePaymentEvent(tx, auditActor, orderId, {
              summary: a.duplicatePayment(shortId(orderId), paymentMethodWords[by.method].label),
              before: { paymentState: row.paymentState, transactionId: row.transactionId },
              after: {
                payment: payment.id,
                refund: refund.row.id,
                refundState: refund.row.state,
                method: by.method,
                provider: providerName,
                transactionId,
                paymentId,
                amountCents: payment.amountCents,
                currency: payment.currency,
                ...by.details,
              },
            })
          return { kind: 'duplicate' as const, row, refund: refund.row, send: refund.created }
        }
        // This very payment was already sent back (or is due back): never twice.
        if (
          (row.paymentState === 'refunded' || row.paymentState === 'refund-due') &&
          row.paymentIntentId === paymentId
        )
          return { kind: 'refund' as const, row, again: true as const }
        // The table (packages/shared/src/order-states.ts): a live order is paid; any other
        // unpaid one was cancelled, and is reinstated or refunded.
        const event = nextOrderStatus(row.status, 'pay') ? 'pay' : 'reinstate'
        if (event === 'reinstate') {
          const reason = await refundReason(tx, row, transactionId)
          if (reason) {
            const byHand = by.method === 'bank-transfer'
            const marked = await orders.markRefundDue(
              tx,
              orderId,
              paymentId,
              reason,
              providerName,
              // A transfer cannot be pulled back: its refund is due by hand.
              { event: byHand ? 'refund_by_hand' : 'refund', method: by.method },
            )
            const { row: payment } = await recordPayment()
            const refund = await records.requestRefund(tx, payment, REFUND_REASON_OF[reason], {
              byHand,
              requestedBy: by.actor?.id ?? null,
            })
            if (marked)
              await writePaymentEvent(tx, auditActor, orderId, {
                summary:
                  marked.paymentState === 'refund-due'
                    ? a.refundDue(shortId(orderId))
                    : a.paymentRefunded(shortId(orderId), paymentMethodWords[by.method].label),
                before: { paymentState: row.paymentState, status: row.status },
                after: {
                  paymentState: marked.paymentState,
                  cancelReason: marked.cancelReason,
                  method: by.method,
                  provider: providerName,
                  transactionId,
                  paymentId,
                  payment: payment.id,
                  refund: refund.row.id,
                  ...by.details,
                },
              })
            return {
              kind: 'refund' as const,
              row: marked ?? row,
              again: false as const,
              refund: refund.row,
              send: refund.created,
            }
          }
          log.warn({ orderId }, 'payment arrived for an expired order; reinstated')
          effects.push(() => catalog.stockChanged())
        }
        const paid = await orders.markPaid(tx, row, transactionId, at, providerName, by)
        if (!paid) throw new AppError('CONFLICT', r.paidByAnotherPayment)
        const { row: payment } = await recordPayment()
        // A payment held for review is the shop's once an admin accepts it.
        if (payment.state === 'under-review') await records.accept(tx, payment.id)
        // Every payment event is in the audit log with its method and the gateway's ids.
        await writePaymentEvent(tx, auditActor, orderId, {
          summary:
            by.event === 'receive_transfer'
              ? a.transferReceived(shortId(orderId), transactionId)
              : by.event === 'accept_review'
                ? a.reviewAccepted(shortId(orderId))
                : a.paymentReceived(shortId(orderId), paymentMethodWords[by.method].label),
          before: { paymentState: row.paymentState, status: row.status },
          after: {
            paymentState: paid.paymentState,
            status: paid.status,
            method: by.method,
            provider: providerName,
            transactionId,
            paymentId,
            payment: payment.id,
            invoiceNumber: paid.invoiceNumber,
            ...by.details,
          },
        })
        // The receipt goes once: only the call that made the order paid sends it.
        effects.push(() => mails?.paid(paid))
        return { kind: 'paid' as const, row: paid, reinstated: event === 'reinstate' }
      },
      log,
    )
    if (outcome.kind === 'paid')
      return { kind: 'paid', order: orders.view(outcome.row), reinstated: outcome.reinstated }
    if (outcome.kind === 'duplicate') {
      // Outside the transaction (a provider call), and only by the call that decided it.
      const refund = outcome.send ? await refunds.send(outcome.refund) : outcome.refund
      log.warn(
        { orderId, paymentIntentId: paymentId, provider: providerName, refund: refund.id },
        'a second payment arrived for a paid order; it is being refunded',
      )
      return { kind: 'duplicate', order: orders.view(outcome.row), refundId: refund.id }
    }
    if (outcome.again)
      return {
        kind: 'refunded',
        order: orders.view(outcome.row),
        refundId: outcome.row.refundId ?? '',
      }
    const refund = outcome.send ? await refunds.send(outcome.refund) : outcome.refund
    log.warn(
      {
        orderId,
        paymentIntentId: transactionId,
        provider: providerName,
        refund: refund.id,
        refundState: refund.state,
        reason: outcome.row.cancelReason,
      },
      'payment arrived for a cancelled order that cannot live again; refunded',
    )
    const refundId = refund.providerRefundId ?? outcome.row.refundId ?? ''
    return { kind: 'refunded', order: orders.view({ ...outcome.row, refundId }), refundId }
  }

  /**
   * The provider itself must say this order's payment succeeded in full: the one
   * named, which is the one that notified or the one the order's payment was started with.
   */
  async function verifyAndRecord(orderId: string, paymentIntentId: string, provider: ProviderName) {
    const intent = await payments.retrieveIntent(paymentIntentId, provider)
    if (!intent)
      throw new AppError('VALIDATION_FAILED', p.noSuchPayment, { transactionId: p.noSuchPayment })
    if (intent.orderId !== orderId) throw new AppError('CONFLICT', p.otherOrder)
    const order = await orders.forSystem(orderId)
    if (intent.status === 'canceled') throw new AppError('CONFLICT', p.intentCancelled)
    if (intent.status !== 'succeeded') {
      if (order.expired) throw new AppError('CONFLICT', p.expired)
      if (order.status === 'cancelled') throw new AppError('CONFLICT', p.cancelled)
      throw new AppError('PAYMENT_FAILED', p.notSucceeded)
    }
    if (intent.amountCents !== order.totalCents || intent.currency !== paymentCurrencyOf(order)) {
      log.warn({ orderId, paymentIntentId }, 'payment amount does not match the order')
      throw new AppError('PAYMENT_FAILED', p.amountMismatch)
    }
    return record(orderId, intent.id, provider)
  }

  return {
    record,

    /** PATCH /api/purchase/{id} from the customer's browser after the card was confirmed. */
    async markPaid(actor: Actor, orderId: string, transactionId: string): Promise<Order> {
      const order = await orders.forPayment(actor, orderId)
      // This route confirms card payments: the card provider the order's card payment was
      // started with checks it (none kept: the configured one). An order whose last start was
      // another method (a second tab opened SSLCommerz) still has its card payment checked by
      // the card provider, or money taken by card would be refused and lost.
      const cardProvider =
        order.paymentMethod === 'card' || order.paymentMethod === null
          ? order.paymentProvider
          : undefined
      const outcome = await verifyAndRecord(orderId, transactionId, cardProvider)
      if (outcome.kind === 'duplicate') throw new AppError('CONFLICT', p.notNeeded)
      if (outcome.kind === 'refunded')
        throw new AppError(
          'CONFLICT',
          outcome.order.cancelReason === 'refunded_cancelled'
            ? p.refundedCancelled
            : outcome.order.cancelReason === 'refunded_discount_used'
              ? p.refundedDiscountUsed
              : outcome.order.cancelReason === 'refunded_quote_unavailable'
                ? p.refundedQuoteUnavailable
                : p.refundedOutOfStock,
        )
      return outcome.order
    },

    /**
     * A provider's notification: that provider verifies and reads it;
     * the shop acts on the neutral event, checked again with the same provider. A refund is an
     * answer, not a failure: the provider is told it was received, or it would send it again
     * and again.
     */
    async webhook(provider: string, notification: ProviderNotification): Promise<void> {
      const event = await payments.readNotification(provider, notification)
      if (event.type !== 'payment_succeeded') return
      const { paymentIntentId, orderId } = event
      if (!orderId) {
        log.warn({ paymentIntentId }, 'succeeded payment without an order id; ignored')
        return
      }
      await verifyAndRecord(orderId, paymentIntentId, provider)
    },
  }
}
