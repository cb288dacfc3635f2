import { and, desc, eq, isNull } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { orders, sandboxPaymentIntents as intents } from '../../db/schema/index.js'

export type SandboxIntentRow = typeof intents.$inferSelect

export async function insertSandboxIntent(
  db: DbOrTx,
  row: typeof intents.$inferInsert,
): Promise<void> {
  await db.insert(intents).values(row)
}

export async function findSandboxIntent(
  db: DbOrTx,
  id: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(intents).where(eq(intents.id, id)).limit(1)
  return row
}

/** An open intent of this order for this amount, to reuse instead of opening another. */
export async function findOpenSandboxIntent(db: DbOrTx, orderId: string, amountCents: number) {
  const [row] = await db
    .select()
    .from(intents)
    .where(
      and(
        eq(intents.orderId, orderId),
        eq(intents.amountCents, amountCents),
        eq(intents.status, 'requires_payment_method'),
      ),
    )
    .orderBy(desc(intents.createdAt))
    .limit(1)
  return row
}

/**
 * Records a card attempt only while the intent is still open: a payment and a cancellation
 * racing each other cannot both win. True when the attempt was recorded.
 */
export async function recordSandboxOutcome(
  db: DbOrTx,
  id: string,
  outcome: { succeeded: boolean; error?: string },
): Promise<boolean> {
  const rows = await db
    .update(intents)
    .set(
      outcome.succeeded
        ? { status: 'succeeded', lastError: null }
        : { lastError: outcome.error ?? null },
    )
    .where(and(eq(intents.id, id), eq(intents.status, 'requires_payment_method')))
    .returning({ id: intents.id })
  return rows.length > 0
}

/** The intent with the state of its order: the sandbox refuses to take money for a dead order. */
export async function findSandboxIntentAndOrder(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      intent: intents,
      orderStatus: orders.status,
      orderCreatedAt: orders.createdAt,
      orderHoldUntil: orders.holdUntil,
    })
    .from(intents)
    .innerJoin(orders, eq(orders.id, intents.orderId))
    .where(eq(intents.id, id))
    .limit(1)
  return row
}

/** Voids an open intent; answers the intent's status afterwards (undefined: no such intent). */
export async function cancelSandboxIntent(db: DbOrTx, id: string): Promise<string | undefined> {
  const [cancelled] = await db
    .update(intents)
    .set({ status: 'canceled' })
    .where(and(eq(intents.id, id), eq(intents.status, 'requires_payment_method')))
    .returning({ status: intents.status })
  if (cancelled) return cancelled.status
  return (await findSandboxIntent(db, id))?.status
}

/** Records the sandbox's refund of a succeeded intent once; a second call answers the first. */
export async function refundSandboxIntent(db: DbOrTx, id: string): Promise<string | undefined> {
  const refundId = `re_sandbox_${id}`
  await db
    .update(intents)
    .set({ refundId })
    .where(and(eq(intents.id, id), eq(intents.status, 'succeeded'), isNull(intents.refundId)))
  return (await findSandboxIntent(db, id))?.refundId ?? undefined
}

export async function rotateSandboxSecret(
  db: DbOrTx,
  id: string,
  clientSecretHash: string,
): Promise<void> {
  await db.update(intents).set({ clientSecretHash }).where(eq(intents.id, id))
}
