import {
  activityWords,
  findPaymentReference,
  formatMoney,
  fromCents,
  messages,
  paymentMethodRules as rules,
  paymentMethodWords,
  toCents,
  type MarkReceivedBody,
  type OrderPaymentsResponse,
  type Order,
  type PaymentMethod,
} from '@toolworks/shared'

import type { Db, Tx } from '../db/client.js'
import { inTransaction } from '../lib/after-commit.js'
import { AppError } from '../lib/app-error.js'
import type { AccountsService, Actor } from '../modules/accounts/accounts.service.js'
import { shortId } from '../modules/audit/audit-values.js'
import { writePaymentEvent } from '../modules/audit/audit.service.js'
import type { CatalogService } from '../modules/catalog/catalog.service.js'
import type { OrderMails } from '../modules/orders/orders.mails.js'
import type { OrderWithLines } from '../modules/orders/orders.queries.js'
import type { OrdersService } from '../modules/orders/orders.service.js'
import type { PaymentRecords, PaymentRow } from '../modules/payments/payment-records.service.js'
import type { PaymentsService } from '../modules/payments/payments.service.js'
import type { CancellationFlow } from './cancellation.js'
import type { PaymentReceivedFlow } from './payment-received.js'
import type { RefundFlow } from './refunds.js'

const a = activityWords.summary
const r = messages.orderRules

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export type PaymentAdminFlow = ReturnType<typeof createPaymentAdminFlow>

/** A bank reference another order already carries as its transaction id (a unique column). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as Error & { code?: unknown }).code === '23505') return true
  return false
}

/**
 * The payment reference a pasted bank statement line (or the reference typed) names, searched
 * by `findPaymentReference` (packages/shared/src/payment-reference.ts). A line naming another
 * order's reference is refused (a 400 on that field): recording it would mark the wrong order
 * paid. A line naming none is the admin's word, as before.
 */
function statementReferenceOf(orderId: string, body: MarkReceivedBody): { found: boolean } {
  let found = false
  for (const field of ['statementLine', 'reference'] as const) {
    const named = findPaymentReference(body[field] ?? '')
    if (!named) continue
    if (named.orderId !== orderId.toLowerCase()) {
      const why = rules.statementLineOtherOrder(named.reference)
      throw new AppError('VALIDATION_FAILED', why, { [field]: why })
    }
    found = true
  }
  return { found }
}

/**
 * What an admin does with an order's money in Manage Orders: records a bank transfer
 * received, decides a payment SSLCommerz flagged, cancels an order that has not shipped (its
 * money goes back the way it came) and closes a refund that was due by hand.
 */
export function createPaymentAdminFlow({
  db,
  orders,
  payments,
  paymentReceived,
  cancellation,
  accounts,
  catalog,
  records,
  refunds,
  mails,
  log,
}: {
  db: Db
  orders: OrdersService
  payments: Pick<PaymentsService, 'retrieveIntent' | 'nameOf'>
  records: Pick<
    PaymentRecords,
    'find' | 'record' | 'requestRefund' | 'openRefundsOf' | 'move' | 'refunded' | 'view'
  >
  refunds: Pick<RefundFlow, 'send'>
  paymentReceived: Pick<PaymentReceivedFlow, 'record'>
  cancellation: Pick<CancellationFlow, 'returnLines' | 'byPerson'>
  accounts: Pick<AccountsService, 'lockUsers'>
  catalog: Pick<CatalogService, 'stockChanged'>
  mails?: Pick<OrderMails, 'refund'>
  log: Log
}) {
  async function headOf(id: string) {
    const head = await orders.head(id)
    if (!head) throw new AppError('NOT_FOUND', r.orderNotFound)
    return head
  }

  /**
   * The payment row of an order's money. Every payment since the records began has one; an order
   * paid before them was given one by the migration, so this only writes one if both missed it.
   */
  async function paymentOf(
    tx: Tx,
    row: OrderWithLines,
    state: 'received' | 'under-review',
  ): Promise<PaymentRow> {
    const provider = payments.nameOf(row.paymentProvider)
    const method: PaymentMethod = row.paymentMethod ?? 'card'
    const providerPaymentId =
      (method === 'bank-transfer' ? row.transactionId : row.paymentIntentId) ??
      row.transactionId ??
      row.paymentIntentId
    if (!providerPaymentId) throw new Error(`order ${row.id} was paid without a payment id`)
    const found = await records.find(provider, providerPaymentId, tx)
    if (found) return found
    const { row: payment } = await records.record(tx, {
      orderId: row.id,
      provider,
      method,
      providerPaymentId,
      providerRef: row.transactionId,
      amountCents: row.totalCents,
      currency: row.currency,
      state,
      receivedAt: row.paidAt ?? row.updatedAt,
    })
    return payment
  }

  const through = (method: PaymentMethod) =>
    method === 'card' ? 'your card' : paymentMethodWords[method].label

  /**
   * Cancels a paid (not shipped) order or refunds a payment under review: the order is
   * cancelled and its stock returned in one transaction; after the commit the money goes back
   * through the provider that took it, or is recorded as due by hand for a bank transfer.
   */
  async function cancelAndRefund(
    actor: Actor,
    id: string,
    from: 'paid' | 'under-review',
    note?: string,
  ): Promise<Order> {
    const head = await headOf(id)
    const method: PaymentMethod = head.paymentMethod ?? 'card'
    const event = method === 'bank-transfer' ? 'refund_by_hand' : 'refund'
    const cancelled = await inTransaction(
      db,
      async (tx, effects) => {
        if (head.customerId) await accounts.lockUsers(tx, [head.customerId])
        const row = await orders.lock(tx, id)
        if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
        const changed = await orders.cancelWithRefund(tx, id, from, event)
        if (!changed) return undefined
        await orders.issueCreditNote(tx, id)
        await writePaymentEvent(tx, actor, id, {
          summary:
            event === 'refund_by_hand'
              ? a.refundDue(shortId(id))
              : a.paymentRefunded(shortId(id), paymentMethodWords[method].label),
          before: { status: row.status, paymentState: row.paymentState },
          after: {
            status: changed.status,
            paymentState: changed.paymentState,
            method,
            provider: row.paymentProvider,
            transactionId: row.transactionId,
            paymentId: row.paymentIntentId,
            ...(note && { note }),
          },
        })
        await cancellation.returnLines(tx, [changed])
        effects.push(() => catalog.stockChanged())
        // The refund is a row of its own, decided here, before any provider is called.
        const payment = await paymentOf(
          tx,
          row,
          from === 'under-review' ? 'under-review' : 'received',
        )
        const refund = await records.requestRefund(tx, payment, 'admin-cancel', {
          byHand: event === 'refund_by_hand',
          requestedBy: actor.id,
        })
        return { order: changed, refund }
      },
      log,
    )
    if (!cancelled) throw new AppError('CONFLICT', messages.errors.CONFLICT)
    const { order, refund } = cancelled
    // Outside the transaction (a provider call), and only by the call that decided the refund.
    const sent = refund.created ? await refunds.send(refund.row) : refund.row
    const row = { ...order, refundId: sent.providerRefundId ?? order.refundId }
    if (sent.state === 'due') await mails?.refund(row, { kind: 'due' })
    else if (sent.state === 'done')
      await mails?.refund(row, { kind: 'refunded', method: through(method) })
    return orders.view(row)
  }

  return {
    /** GET /api/purchase/{id}/payments: the order's payments and refunds (its buyer or an admin). */
    async paymentsOf(actor: Actor, id: string): Promise<OrderPaymentsResponse> {
      await orders.orderFor(actor, id)
      return records.view(id)
    },

    /**
     * POST /api/purchase/{id}/mark-received: the transfer is on the bank statement. The amount
     * must be what is due; the order is then paid exactly as a card payment is (invoice
     * number, receipt, audit row). An order that expired meanwhile is reinstated, or its money
     * is due back.
     */
    async markReceived(actor: Actor, id: string, body: MarkReceivedBody): Promise<Order> {
      const head = await headOf(id)
      if (head.paymentState !== 'awaiting-transfer')
        throw new AppError('CONFLICT', rules.notAwaitingTransfer)
      if (toCents(body.amount) !== head.totalCents) {
        const why = rules.amountMustEqual(formatMoney(fromCents(head.totalCents)))
        throw new AppError('VALIDATION_FAILED', why, { amount: why })
      }
      const statement = statementReferenceOf(id, body)
      try {
        const outcome = await paymentReceived.record(id, body.reference, 'bank-transfer', {
          event: 'receive_transfer',
          method: 'bank-transfer',
          paymentIntentId: head.paymentIntentId ?? undefined,
          actor,
          details: {
            amountCents: head.totalCents,
            receivedOn: body.receivedOn,
            // Whether the statement named this order's payment reference, as the admin pasted it.
            referenceOnStatement: statement.found,
            ...(body.statementLine && { statementLine: body.statementLine }),
          },
        })
        if (outcome.kind === 'refunded') {
          const row = await orders.forInvoice(actor, id)
          await mails?.refund(row, { kind: 'due' })
        }
        return outcome.order
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', rules.referenceUsed, { reference: rules.referenceUsed })
        }
        throw error
      }
    },

    /** POST /api/purchase/{id}/review: accept the payment SSLCommerz flagged, or refund it. */
    async review(actor: Actor, id: string, decision: 'accept' | 'refund'): Promise<Order> {
      const head = await headOf(id)
      if (head.paymentState !== 'under-review' || !head.paymentIntentId)
        throw new AppError('CONFLICT', rules.notUnderReview)
      if (decision === 'refund') return cancelAndRefund(actor, id, 'under-review')
      // Asked again: the payment must still be there, and its bank id is the transaction id.
      const intent = await payments.retrieveIntent(head.paymentIntentId, head.paymentProvider)
      if (!intent) throw new AppError('CONFLICT', messages.paymentRules.noSuchPayment)
      const outcome = await paymentReceived.record(
        id,
        intent.transactionId ?? intent.id,
        head.paymentProvider,
        {
          event: 'accept_review',
          method: head.paymentMethod ?? 'sslcommerz',
          paymentIntentId: head.paymentIntentId,
          actor,
          details: { tranId: intent.id },
        },
      )
      return outcome.order
    },

    /**
     * POST /api/purchase/{id}/cancel (admin): an unpaid order is cancelled as the seed's delete
     * does; a paid one that has not shipped, or one under review, is cancelled and refunded.
     */
    async cancel(actor: Actor, id: string, reason: string): Promise<Order> {
      const head = await headOf(id)
      if (head.status === 'shipped') throw new AppError('CONFLICT', rules.shippedStays)
      if (head.status === 'cancelled') throw new AppError('CONFLICT', rules.alreadyCancelled)
      if (head.paymentState === 'under-review')
        return cancelAndRefund(actor, id, 'under-review', reason)
      if (head.status === 'paid') return cancelAndRefund(actor, id, 'paid', reason)
      await cancellation.byPerson(actor, id, reason)
      return orders.getOne(actor, id)
    },

    /** POST /api/purchase/{id}/refund-sent: the refund due by hand went out with this reference. */
    async refundSent(actor: Actor, id: string, reference: string): Promise<Order> {
      const head = await headOf(id)
      const closed = await db.transaction(async (tx) => {
        const row = await orders.closeRefundDue(id, reference, tx)
        if (!row) return undefined
        // The refund rows due by hand are done with the outgoing transfer's reference.
        for (const due of await records.openRefundsOf(id, ['due'], tx)) {
          const done = await records.move(tx, due.id, ['due'], {
            state: 'done',
            providerRefundId: reference,
            doneAt: new Date(),
          })
          if (done) await records.refunded(tx, done.paymentId)
        }
        await writePaymentEvent(tx, actor, id, {
          summary: a.refundSent(shortId(id), reference),
          before: { paymentState: head.paymentState, refundId: head.refundId },
          after: { paymentState: row.paymentState, refundId: row.refundId },
        })
        return row
      })
      if (!closed) throw new AppError('CONFLICT', rules.noRefundDue)
      await mails?.refund(closed, { kind: 'sent', reference })
      return orders.view(closed)
    },
  }
}
