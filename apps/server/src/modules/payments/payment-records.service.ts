import {
  fromCents,
  type OrderPaymentsResponse,
  type PaymentMethod,
  type PaymentRecordState,
  type RefundRecordReason,
  type RefundState,
} from '@toolworks/shared'

import type { Db, DbOrTx, Tx } from '../../db/client.js'
import {
  claimStaleRefund,
  findPayment,
  findRefund,
  insertPayment,
  insertRefund,
  moveRefund,
  openRefundsOf,
  paymentsOf,
  refundCounts,
  refundsOf,
  setPaymentState,
  staleRequestedRefunds,
  type PaymentRow,
  type RefundRow,
} from './payment-records.queries.js'

export type { PaymentRow, RefundRow }
export type PaymentRecords = ReturnType<typeof createPaymentRecords>

/** What a flow knows of a payment when it records one. */
export type PaymentInput = {
  orderId: string
  provider: string
  method: PaymentMethod
  providerPaymentId: string
  providerRef?: string | null
  tranId?: string | null
  amountCents: number
  currency: 'USD' | 'BDT'
  state: PaymentRecordState
  receivedAt: Date
}

/**
 * The money records of an order (packages/shared/src/payment-records.ts): a row per payment and
 * a row per refund. Flows write them inside the transaction that decides what happened to the
 * money, beside the order's summary columns, so the two never disagree after a commit.
 */
export function createPaymentRecords({ db }: { db: Db }) {
  return {
    /** Records a payment once; a replay gets the first row back (`created` false). */
    record: (tx: Tx, input: PaymentInput) => insertPayment(tx, input),

    find: (provider: string, providerPaymentId: string, tx: DbOrTx = db) =>
      findPayment(tx, provider, providerPaymentId),

    /** An admin accepted a payment under review: it is the shop's. */
    accept: (tx: Tx, id: string) => setPaymentState(tx, id, 'received', ['under-review']),

    /** The payment went back in full. */
    refunded: (tx: Tx, id: string) =>
      setPaymentState(tx, id, 'refunded', ['received', 'under-review']),

    /**
     * Decides a refund of `payment` for `reason`: `requested` when its provider sends money back
     * itself, `due` when a person must (a bank transfer). Written before any provider is called;
     * `created` false means it was decided before and nothing is to be sent again.
     */
    requestRefund: (
      tx: Tx,
      payment: PaymentRow,
      reason: RefundRecordReason,
      how: { byHand: boolean; requestedBy: string | null },
    ) =>
      insertRefund(tx, {
        paymentId: payment.id,
        orderId: payment.orderId,
        amountCents: payment.amountCents,
        currency: payment.currency,
        reason,
        state: how.byHand ? 'due' : 'requested',
        requestedBy: how.requestedBy,
      }),

    move: (
      tx: DbOrTx,
      id: string,
      from: readonly RefundState[],
      to: Parameters<typeof moveRefund>[3],
    ) => moveRefund(tx, id, from, to),

    refund: (id: string, tx: DbOrTx = db) => findRefund(tx, id),
    paymentsOf: (orderId: string, tx: DbOrTx = db) => paymentsOf(tx, orderId),
    openRefundsOf: (orderId: string, states: readonly RefundState[], tx: DbOrTx = db) =>
      openRefundsOf(tx, orderId, states),
    stale: (before: Date, limit: number) => staleRequestedRefunds(db, before, limit),
    claimStale: (id: string, before: Date) => claimStaleRefund(db, id, before),
    counts: () => refundCounts(db),

    /** `GET /api/purchase/{id}/payments`: the caller has been checked to see the order. */
    async view(orderId: string): Promise<OrderPaymentsResponse> {
      const [paid, back] = await Promise.all([paymentsOf(db, orderId), refundsOf(db, orderId)])
      return {
        payments: paid.map((p) => ({
          id: p.id,
          method: p.method,
          amount: fromCents(p.amountCents),
          currency: p.currency,
          state: p.state,
          providerRef: p.providerRef ?? p.providerPaymentId,
          at: p.receivedAt.toISOString(),
        })),
        refunds: back.map((r) => ({
          id: r.id,
          payment: r.paymentId,
          amount: fromCents(r.amountCents),
          currency: r.currency,
          state: r.state,
          reason: r.reason,
          at: (r.doneAt ?? r.createdAt).toISOString(),
        })),
      }
    },
  }
}
