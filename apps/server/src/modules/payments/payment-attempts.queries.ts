import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { paymentAttempts } from '../../db/schema/index.js'

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect

export async function insertAttempt(
  db: DbOrTx,
  row: typeof paymentAttempts.$inferInsert,
): Promise<void> {
  await db.insert(paymentAttempts).values(row)
}

export async function findAttempt(
  db: DbOrTx,
  tranId: string,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.tranId, tranId))
    .limit(1)
  return row
}

export async function setAttemptOutcome(db: DbOrTx, tranId: string, outcome: string) {
  await db
    .update(paymentAttempts)
    .set({ outcome, updatedAt: new Date() })
    .where(eq(paymentAttempts.tranId, tranId))
}

/**
 * The attempts of these orders the gateway has not settled: nothing heard of them, or a VALID
 * heard that could not be confirmed (the same outcomes as `hasOpenAttempt` in
 * modules/orders/orders.queries.ts, which keeps such an order from expiring unasked).
 */
export async function openAttemptsOf(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<PaymentAttemptRow[]> {
  if (orderIds.length === 0) return []
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.orderId, [...orderIds]),
        or(isNull(paymentAttempts.outcome), eq(paymentAttempts.outcome, 'VALID')),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
}

/**
 * The newest attempt of an order the gateway has said nothing of yet, opened after `since`, for
 * the same amount and currency, whose page is known: the one a second start sends the buyer back to.
 */
export async function findOpenAttempt(
  db: DbOrTx,
  query: { orderId: string; amountCents: number; currency: string; since: Date },
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, query.orderId),
        eq(paymentAttempts.amountCents, query.amountCents),
        eq(paymentAttempts.currency, query.currency),
        isNull(paymentAttempts.outcome),
        isNotNull(paymentAttempts.gatewayUrl),
        gt(paymentAttempts.createdAt, query.since),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1)
  return row
}
