import { activityWords, refundTransId } from '@toolworks/shared'

import type { Db } from '../db/client.js'
import { shortId } from '../modules/audit/audit-values.js'
import { writePaymentEvent } from '../modules/audit/audit.service.js'
import type { OrdersService } from '../modules/orders/orders.service.js'
import type {
  PaymentRecords,
  PaymentRow,
  RefundRow,
} from '../modules/payments/payment-records.service.js'
import type { PaymentsService } from '../modules/payments/payments.service.js'

const a = activityWords.summary

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

/** What the provider said of a refund, in the row's terms. */
type Said =
  | { kind: 'refunded'; id: string }
  | { kind: 'due' }
  | { kind: 'pending'; id: string }
  | { kind: 'failed'; why: string }

export type RefundFlow = ReturnType<typeof createRefundFlow>

/**
 * Sends a decided refund to the provider that took the money. The refund row was written as
 * `requested` in the transaction that decided it; only a row still in `requested`, not yet
 * taken by its provider, is sent, with an id derived from the row (`refundTransId`), so a
 * retry names the same refund and the provider pays it once. Its answer moves the row (`done`,
 * `due`, or `failed` with the reason) and writes an audit row; a replayed notification or form
 * finds the row already moved and calls nothing. A gateway that took the refund but has not
 * paid it yet leaves the row `requested` with the gateway's reference, asked again later.
 */
export function createRefundFlow({
  db,
  records,
  payments,
  orders,
  log,
}: {
  db: Db
  records: PaymentRecords
  payments: Pick<PaymentsService, 'refund' | 'refundStatus'>
  orders: Pick<OrdersService, 'setRefundId'>
  log: Log
}) {
  async function paymentOf(refund: RefundRow): Promise<PaymentRow> {
    const payment = (await records.paymentsOf(refund.orderId)).find(
      (p) => p.id === refund.paymentId,
    )
    if (!payment) throw new Error(`refund ${refund.id} has no payment`)
    return payment
  }

  /** Moves the row as the provider said, with its audit row; the row as it is after. */
  async function settle(refund: RefundRow, payment: PaymentRow, said: Said): Promise<RefundRow> {
    const key = refundTransId(refund.id)
    if (said.kind === 'failed')
      log.error({ orderId: refund.orderId, refundId: refund.id, why: said.why }, 'refund failed')
    const moved = await db.transaction(async (tx) => {
      const to =
        said.kind === 'refunded'
          ? { state: 'done' as const, providerRefundId: said.id, failure: null, doneAt: new Date() }
          : said.kind === 'due'
            ? { state: 'due' as const, failure: null }
            : said.kind === 'pending'
              ? { state: 'requested' as const, providerRefundId: said.id }
              : { state: 'failed' as const, failure: said.why }
      const row = await records.move(tx, refund.id, ['requested', 'failed'], to)
      if (!row) return undefined
      if (row.state === 'done') await records.refunded(tx, payment.id)
      // A refund still processing at the gateway is not news for the log; every end is.
      if (said.kind !== 'pending')
        await writePaymentEvent(tx, { id: null, email: payment.provider }, refund.orderId, {
          summary:
            said.kind === 'refunded'
              ? a.refundDone(shortId(refund.orderId), said.id)
              : said.kind === 'due'
                ? a.refundDue(shortId(refund.orderId))
                : a.refundFailed(shortId(refund.orderId), said.why),
          before: { refund: refund.id, state: refund.state },
          after: {
            refund: refund.id,
            state: row.state,
            refundTransId: key,
            providerRefundId: row.providerRefundId,
            amountCents: row.amountCents,
            currency: row.currency,
          },
        })
      return row
    })
    if (moved?.state === 'done' && moved.providerRefundId)
      await orders.setRefundId(refund.orderId, moved.providerRefundId)
    return moved ?? (await records.refund(refund.id)) ?? refund
  }

  async function send(refund: RefundRow): Promise<RefundRow> {
    if (refund.state !== 'requested' || refund.providerRefundId) return refund
    const payment = await paymentOf(refund)
    const idempotencyKey = refundTransId(refund.id)
    let said: Said
    try {
      const answer = await payments.refund(
        { paymentIntentId: payment.providerPaymentId, idempotencyKey },
        payment.provider,
      )
      said = answer.kind === 'due' ? { kind: 'due' } : answer
    } catch (error) {
      // The clients' errors carry no secrets (they redact the store password themselves).
      said = {
        kind: 'failed',
        why: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      }
    }
    return settle(refund, payment, said)
  }

  /** A refund the gateway took: asks where it stands now. */
  async function check(refund: RefundRow): Promise<RefundRow> {
    if (refund.state !== 'requested' || !refund.providerRefundId) return refund
    const payment = await paymentOf(refund)
    const status = await payments.refundStatus(refund.providerRefundId, payment.provider)
    return settle(
      refund,
      payment,
      status === 'refunded'
        ? { kind: 'refunded', id: refund.providerRefundId }
        : status === 'failed'
          ? { kind: 'failed', why: `the gateway cancelled refund ${refund.providerRefundId}` }
          : { kind: 'pending', id: refund.providerRefundId },
    )
  }

  return {
    send,

    /**
     * Refunds left in `requested` for a while: never sent (the process stopped between the
     * commit and the call) are sent with the same id; taken by a gateway, asked where they
     * stand. Run by the order sweeper.
     */
    async sweep(now: Date, olderThanMs = 5 * 60_000, limit = 20): Promise<number> {
      const before = new Date(now.getTime() - olderThanMs)
      const stale = await records.stale(before, limit)
      for (const found of stale) {
        try {
          const refund = await records.claimStale(found.id, before)
          if (!refund) continue
          await (refund.providerRefundId ? check(refund) : send(refund))
        } catch (error) {
          log.warn({ err: error, refundId: found.id }, 'a refund could not be asked about; later')
        }
      }
      return stale.length
    },

    /** An admin asks again for a refund the provider refused: the same refund, the same id. */
    async retry(refundId: string): Promise<RefundRow | undefined> {
      const again = await records.move(db, refundId, ['failed'], {
        state: 'requested',
        providerRefundId: null,
        failure: null,
      })
      return again && send(again)
    },
  }
}
