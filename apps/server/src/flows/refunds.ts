import { activityWords, refundTransId } from '@toolworks/shared'

import type { Db } from '../db/client.js'
import { shortId } from '../modules/audit/audit-values.js'
import { writePaymentEvent } from '../modules/audit/audit.service.js'
import type { OrdersService } from '../modules/orders/orders.service.js'
import type { PaymentsService } from '../modules/payments/payments.service.js'
import type { PaymentRecords, RefundRow } from '../modules/payments/payment-records.service.js'

const a = activityWords.summary

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export type RefundFlow = ReturnType<typeof createRefundFlow>

/**
 * Sends a decided refund to the provider that took the money. The refund row was written as
 * `requested` in the transaction that decided it; only a row still in `requested` is sent, with
 * an id derived from the row (`refundTransId`), so a retry names the same refund and the
 * provider pays it once. Its answer moves the row (`done`, `due`, or `failed` with the reason)
 * and writes an audit row; a replayed notification or form finds the row already moved and
 * calls nothing.
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
  payments: Pick<PaymentsService, 'refund'>
  orders: Pick<OrdersService, 'setRefundId'>
  log: Log
}) {
  async function send(refund: RefundRow): Promise<RefundRow> {
    if (refund.state !== 'requested') return refund
    const [payment] = (await records.paymentsOf(refund.orderId)).filter(
      (p) => p.id === refund.paymentId,
    )
    if (!payment) throw new Error(`refund ${refund.id} has no payment`)
    const key = refundTransId(refund.id)
    let answer: Awaited<ReturnType<PaymentsService['refund']>>
    try {
      answer = await payments.refund(
        { paymentIntentId: payment.providerPaymentId, idempotencyKey: key },
        payment.provider,
      )
    } catch (error) {
      // The clients' errors carry no secrets (they redact the store password themselves).
      const why = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      log.error({ orderId: refund.orderId, refundId: refund.id, why }, 'refund did not go through')
      const failed = await db.transaction(async (tx) => {
        const moved = await records.move(tx, refund.id, ['requested'], {
          state: 'failed',
          failure: why,
        })
        if (moved)
          await writePaymentEvent(tx, { id: null, email: payment.provider }, refund.orderId, {
            summary: a.refundFailed(shortId(refund.orderId), why),
            before: { refund: refund.id, state: refund.state },
            after: { refund: refund.id, state: 'failed', refundTransId: key },
          })
        return moved
      })
      return failed ?? (await records.refund(refund.id)) ?? refund
    }
    const done = await db.transaction(async (tx) => {
      const moved = await records.move(
        tx,
        refund.id,
        ['requested', 'failed'],
        answer.kind === 'due'
          ? { state: 'due', providerRefundId: null, failure: null }
          : { state: 'done', providerRefundId: answer.id, failure: null, doneAt: new Date() },
      )
      if (!moved) return undefined
      if (moved.state === 'done') await records.refunded(tx, payment.id)
      await writePaymentEvent(tx, { id: null, email: payment.provider }, refund.orderId, {
        summary:
          moved.state === 'done'
            ? a.refundDone(shortId(refund.orderId), answer.id)
            : a.refundDue(shortId(refund.orderId)),
        before: { refund: refund.id, state: refund.state },
        after: {
          refund: refund.id,
          state: moved.state,
          refundTransId: key,
          providerRefundId: moved.providerRefundId,
          amountCents: moved.amountCents,
          currency: moved.currency,
        },
      })
      return moved
    })
    if (done) await orders.setRefundId(refund.orderId, answer.id)
    return done ?? (await records.refund(refund.id)) ?? refund
  }

  return {
    send,

    /**
     * Refunds left in `requested` (the process stopped between the commit and the call, or the
     * call never came back): sent again with the same id. Run by the order sweeper.
     */
    async sendStale(now: Date, olderThanMs = 5 * 60_000, limit = 20): Promise<number> {
      const stale = await records.stale(new Date(now.getTime() - olderThanMs), limit)
      for (const refund of stale) await send(refund)
      return stale.length
    },

    /** An admin asks again for a refund the provider refused. */
    async retry(refundId: string): Promise<RefundRow | undefined> {
      const again = await records.move(db, refundId, ['failed'], {
        state: 'requested',
        failure: null,
      })
      return again && send(again)
    },
  }
}
