import { paymentTargetOf, type PaymentMethod } from '@toolworks/shared'
import { and, eq, ne, sql } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { orders } from '../../db/schema/index.js'
import { heldUntil, paymentStateAllows, statusAllows, type OrderRow } from './orders.queries.js'

/**
 * The order's money as the payment methods (gateway, bank transfer, card) move it: each update is guarded by the
 * payment transitions table (packages/shared/src/payment-states.ts) and by the order's status,
 * so two requests racing each other cannot both win. Each answers the row it changed, or
 * undefined when the order was not in a state the event may leave.
 */

/**
 * The buyer chose a bank transfer: the order awaits it, and holds its stock until `until`
 * (BANK_TRANSFER_HOLD_DAYS), never past `allowanceMs` from its placing and never shorter than
 * it already was.
 */
export async function awaitTransfer(
  db: DbOrTx,
  id: string,
  reference: string,
  hold: { until: Date; holdHours: number; allowanceMs: number },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({
      paymentState: paymentTargetOf('await_transfer'),
      paymentMethod: 'bank-transfer',
      paymentProvider: 'bank-transfer',
      paymentIntentId: reference,
      holdUntil: heldUntil(hold.holdHours, hold.until, hold.allowanceMs),
    })
    .where(
      and(
        eq(orders.id, id),
        statusAllows('pay'),
        eq(orders.paid, false),
        paymentStateAllows('await_transfer'),
      ),
    )
    .returning()
  return row
}

/**
 * How many of a customer's unpaid orders await a bank transfer, `except` one (the order about to
 * choose it again). Read under the customer's lock, so two starts cannot both pass the limit.
 */
export async function countAwaitingTransfer(
  db: DbOrTx,
  customerId: string,
  except: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'unpaid'),
        eq(orders.paymentState, 'awaiting-transfer'),
        ne(orders.id, except),
      ),
    )
  return row?.count ?? 0
}

/**
 * A payment starts through a gateway or the card form (this replaces the payment id kept
 * before): the method is remembered, and an order that awaited a transfer goes back to
 * unpaid (the buyer switched). The payment's id and its
 * provider are kept so a void or a refund reaches it.
 */
export async function startedWith(
  db: DbOrTx,
  id: string,
  method: PaymentMethod,
  paymentIntentId: string,
  paymentProvider: string,
): Promise<void> {
  await db
    .update(orders)
    .set({
      paymentMethod: method,
      paymentIntentId,
      paymentProvider,
      // Choosing a transfer again keeps it awaited (awaitTransfer follows).
      ...(method !== 'bank-transfer' && {
        paymentState: sql`case when ${orders.paymentState} = 'awaiting-transfer' then ${paymentTargetOf('switch_method')} else ${orders.paymentState} end`,
      }),
    })
    // Not only while unpaid: an order cancelled meanwhile keeps the payment's id, so that its
    // cancellation's void (flows/cancellation.ts, voidIfCancelled) can reach it.
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
}

/** SSLCommerz validated the payment but flagged it as risky: an admin decides. */
export async function flagForReview(
  tx: DbOrTx,
  id: string,
  valId: string,
  paymentProvider: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      paymentState: paymentTargetOf('flag_for_review'),
      paymentMethod: 'sslcommerz',
      paymentIntentId: valId,
      paymentProvider,
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paid, false),
        statusAllows('pay'),
        paymentStateAllows('flag_for_review'),
      ),
    )
    .returning()
  return row
}

/**
 * An admin cancels a paid order that has not shipped, or refunds a payment under review: the
 * order is cancelled, and its money goes back through its gateway (`refund`) or is due by hand.
 */
export async function cancelWithRefund(
  tx: DbOrTx,
  id: string,
  from: 'paid' | 'under-review',
  paymentEvent: 'refund' | 'refund_by_hand',
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelReason: 'admin',
      paymentState: paymentTargetOf(paymentEvent),
    })
    .where(
      and(
        eq(orders.id, id),
        from === 'paid' ? statusAllows('cancel_paid') : statusAllows('cancel_by_admin'),
        eq(orders.paymentState, from),
        paymentStateAllows(paymentEvent),
      ),
    )
    .returning()
  return row
}

/** The admin sent a refund due by hand: its outgoing transfer's reference closes it. */
export async function closeRefundDue(
  db: DbOrTx,
  id: string,
  reference: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paymentState: paymentTargetOf('close_refund'), refundId: reference })
    .where(and(eq(orders.id, id), paymentStateAllows('close_refund')))
    .returning()
  return row
}
