import { activityWords, messages, nextOrderStatus, PERSON_CANCEL_EVENTS } from '@toolworks/shared'

import type { Db, Tx } from '../db/client.js'
import { inTransaction } from '../lib/after-commit.js'
import { AppError } from '../lib/app-error.js'
import type { Actor } from '../modules/accounts/accounts.service.js'
import { shortId } from '../modules/audit/audit-values.js'
import { writeAuditEntry } from '../modules/audit/audit.service.js'
import type { CatalogService } from '../modules/catalog/catalog.service.js'
import type { OrderLineRow, OrderRow } from '../modules/orders/orders.queries.js'
import { stockToReturn, type OrdersService } from '../modules/orders/orders.service.js'
import type { PaymentsService } from '../modules/payments/payments.service.js'
import type { QuoteAcceptanceService } from '../modules/quotes/quote-acceptance.service.js'
import type { PaymentReceivedFlow } from './payment-received.js'

const r = messages.orderRules
/** Orders expired per sweep transaction; a backlog is worked off in several. */
const SWEEP_BATCH = 200

type Log = {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export type CancellationFlow = ReturnType<typeof createCancellationFlow>

/**
 * Cancelling an unpaid order, by its buyer, by an admin or by expiry:
 * its stock and its custom parts' quotes come back in the cancelling transaction; its payment
 * is voided after the commit, and money that had already gone through is dealt with at once.
 */
export function createCancellationFlow({
  db,
  orders,
  payments,
  paymentReceived,
  catalog,
  quotes,
  log,
}: {
  db: Db
  orders: OrdersService
  payments: Pick<PaymentsService, 'cancelIntent'>
  paymentReceived: Pick<PaymentReceivedFlow, 'record'>
  catalog: Pick<CatalogService, 'returnStock' | 'stockChanged'>
  /** Custom parts: their quotes follow their order (ordered, back, ordered again). */
  quotes: Pick<QuoteAcceptanceService, 'releaseOrdered'>
  log: Log
}) {
  /**
   * Returns cancelled orders' stock (the caller's transaction), tools in id order, then gives
   * their custom parts' quotes back to their buyers (Quoted while valid, else Expired); a made
   * part is never stock.
   */
  async function returnLines(tx: Tx, cancelled: readonly { id: string; lines: OrderLineRow[] }[]) {
    for (const [toolId, amount] of stockToReturn(cancelled.flatMap((o) => o.lines)))
      await catalog.returnStock(tx, toolId, amount)
    await quotes.releaseOrdered(tx, cancelled)
  }

  /**
   * Voids the payment of an order just cancelled, outside any transaction (docs/architecture.md,
   * Stack pitfalls §3). If the provider says the payment had already succeeded, that money is
   * dealt with at once (payment-received decides: refunded, or an expired order reinstated)
   * instead of waiting for the webhook.
   */
  async function voidPayment(row: OrderRow) {
    if (!row.paymentIntentId) return
    try {
      // The provider that holds the payment voids it, and refunds it if it went through.
      const voided = await payments.cancelIntent(row.paymentIntentId, row.paymentProvider)
      if (!voided) await paymentReceived.record(row.id, row.paymentIntentId, row.paymentProvider)
    } catch (error) {
      // The order is cancelled either way; money arriving later is reinstated or refunded.
      log.error({ orderId: row.id, err: error }, 'could not void the payment of a cancelled order')
    }
  }

  return {
    returnLines,

    /**
     * DELETE /api/purchase/{id}: an unpaid order is cancelled and its quantity returns to stock
     * in one transaction; a paid order is never removed: the customer's delete only hides it.
     */
    async byPerson(actor: Actor, id: string, note?: string) {
      const row = await orders.orderFor(actor, id)
      const reason = orders.isOwner(actor, row) ? 'customer' : 'admin'
      // SSLCommerz took money that waits for an admin's decision: the buyer's cancel would
      // return the stock while the money stays taken.
      if (reason === 'customer' && row.paymentState === 'under-review')
        throw new AppError('CONFLICT', r.underReviewNoCancel)
      // Cancellable as the table says (packages/shared/src/order-states.ts), or cancelled already.
      if (nextOrderStatus(row.status, PERSON_CANCEL_EVENTS[reason]) || row.status === 'cancelled') {
        const cancelled = await inTransaction(
          db,
          async (tx, effects) => {
            const changed = await orders.cancelUnpaid(tx, row.id, reason)
            if (!changed) return undefined
            // An admin cancelling someone's order is an admin action; a buyer's is not.
            if (reason === 'admin')
              await writeAuditEntry(tx, actor, {
                kind: 'order.delete',
                subjectType: 'order',
                subjectId: changed.id,
                summary: activityWords.summary.orderCancelled(
                  shortId(changed.id),
                  changed.customerEmail,
                ),
                before: { status: row.status },
                after: {
                  status: changed.status,
                  cancelReason: changed.cancelReason,
                  ...(note && { note }),
                },
              })
            await returnLines(tx, [changed])
            effects.push(() => catalog.stockChanged())
            effects.push(() => voidPayment(changed))
            return changed
          },
          log,
        )
        if (cancelled || row.status === 'cancelled') {
          return {
            acknowledged: true as const,
            deletedCount: cancelled ? 1 : 0,
            outcome: 'cancelled' as const,
          }
        }
        // Flagged for review in the meantime (the cancel's guard refused it): still unpaid.
        if (reason === 'customer' && (await orders.head(row.id))?.paymentState === 'under-review')
          throw new AppError('CONFLICT', r.underReviewNoCancel)
        // It was paid in the meantime: treat it as the paid order it now is.
      }
      if (!orders.isOwner(actor, row)) throw new AppError('CONFLICT', r.paidOrderKept)
      await orders.hide(row.id)
      return { acknowledged: true as const, deletedCount: 1, outcome: 'hidden' as const }
    },

    /** Voids a payment begun for an order cancelled meanwhile (create-payment-intent raced a cancel). */
    async voidIfCancelled(id: string) {
      const row = await orders.head(id)
      if (row?.status !== 'cancelled') return false
      await voidPayment(row)
      return true
    },

    /**
     * Cancels the unpaid orders whose hold has run out, returns their stock and voids their
     * payments. One process sweeps at a time (an advisory lock); each order moves from
     * unpaid once, so its stock comes back exactly once. Answers how many were cancelled.
     */
    async expireDue(now = Date.now()): Promise<number> {
      let total = 0
      for (;;) {
        const expired = await inTransaction(
          db,
          async (tx, effects) => {
            const rows = await orders.expireBatch(tx, new Date(now), SWEEP_BATCH)
            // All lines of all these orders, each tool once and in id order, as orders lock them.
            await returnLines(tx, rows)
            if (rows.length > 0) {
              effects.push(() => catalog.stockChanged())
              for (const row of rows) effects.push(() => voidPayment(row))
            }
            return rows
          },
          log,
        )
        if (expired.length === 0) break
        total += expired.length
        log.info({ count: expired.length }, 'unpaid orders expired; their stock is back on sale')
        if (expired.length < SWEEP_BATCH) break
      }
      return total
    },
  }
}
