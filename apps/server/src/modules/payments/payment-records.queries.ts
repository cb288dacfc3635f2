import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { PaymentRecordState, RefundRecordReason, RefundState } from '@toolworks/shared'

import type { DbOrTx } from '../../db/client.js'
import { payments, refunds } from '../../db/schema/index.js'

export type PaymentRow = typeof payments.$inferSelect
export type NewPaymentRow = typeof payments.$inferInsert
export type RefundRow = typeof refunds.$inferSelect

/**
 * Writes a payment once: the provider and its payment id are unique together, so a replayed
 * notification gets the row the first one wrote (`created` false) instead of a second row.
 */
export async function insertPayment(
  tx: DbOrTx,
  row: NewPaymentRow,
): Promise<{ row: PaymentRow; created: boolean }> {
  const [inserted] = await tx.insert(payments).values(row).onConflictDoNothing().returning()
  if (inserted) return { row: inserted, created: true }
  const [found] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, row.provider),
        eq(payments.providerPaymentId, row.providerPaymentId),
      ),
    )
    .limit(1)
  if (!found) throw new Error('payment row neither inserted nor found')
  return { row: found, created: false }
}

export async function findPayment(
  db: DbOrTx,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1)
  return row
}

export async function setPaymentState(
  tx: DbOrTx,
  id: string,
  state: PaymentRecordState,
  from: readonly PaymentRecordState[],
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ state })
    .where(and(eq(payments.id, id), inArray(payments.state, [...from])))
    .returning()
  return row
}

/**
 * Writes a refund once per payment and reason; `created` is false when one was there already
 * (a replayed form or notification), and then nothing is to be sent.
 */
export async function insertRefund(
  tx: DbOrTx,
  row: typeof refunds.$inferInsert,
): Promise<{ row: RefundRow; created: boolean }> {
  const [inserted] = await tx.insert(refunds).values(row).onConflictDoNothing().returning()
  if (inserted) return { row: inserted, created: true }
  const [found] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, row.paymentId), eq(refunds.reason, row.reason)))
    .limit(1)
  if (!found) throw new Error('refund row neither inserted nor found')
  return { row: found, created: false }
}

/** Moves a refund on, only from the states given: safe under races, undefined when it was not. */
export async function moveRefund(
  tx: DbOrTx,
  id: string,
  from: readonly RefundState[],
  to: {
    state: RefundState
    providerRefundId?: string | null
    failure?: string | null
    doneAt?: Date | null
  },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set(to)
    .where(and(eq(refunds.id, id), inArray(refunds.state, [...from])))
    .returning()
  return row
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1)
  return row
}

export async function paymentsOf(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.receivedAt), asc(payments.id))
}

export async function refundsOf(db: DbOrTx, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
}

/** The refunds of an order in the given states, oldest first. */
export async function openRefundsOf(
  db: DbOrTx,
  orderId: string,
  states: readonly RefundState[],
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, [...states])))
    .orderBy(asc(refunds.createdAt))
}

/** Refunds still asked of a provider (`requested`) that were written before `before`. */
export async function staleRequestedRefunds(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, 'requested'), sql`${refunds.updatedAt} < ${before}`))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit)
}

/**
 * Takes a stale `requested` refund for this process: its time moves on, so a sweeper in another
 * process that read it too finds it no longer stale and leaves it. Undefined when another took it.
 */
export async function claimStaleRefund(
  db: DbOrTx,
  id: string,
  before: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ updatedAt: new Date() })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.state, 'requested'),
        sql`${refunds.updatedAt} < ${before}`,
      ),
    )
    .returning()
  return row
}

/** What the overview counts: refunds not yet made by a provider, and refunds due by hand. */
export async function refundCounts(db: DbOrTx): Promise<{ toRefund: number; due: number }> {
  const [row] = await db
    .select({
      toRefund: sql<number>`count(*) filter (where ${refunds.state} in ('requested', 'failed'))::int`,
      due: sql<number>`count(*) filter (where ${refunds.state} = 'due')::int`,
    })
    .from(refunds)
    .where(sql`${refunds.state} <> 'done'`)
  return { toRefund: row?.toRefund ?? 0, due: row?.due ?? 0 }
}

export type { RefundRecordReason }
