import { and, desc, eq, ne } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { sandboxPaymentIntents as intents } from '../../db/schema/index.js'

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
        ne(intents.status, 'succeeded'),
      ),
    )
    .orderBy(desc(intents.createdAt))
    .limit(1)
  return row
}

export async function recordSandboxOutcome(
  db: DbOrTx,
  id: string,
  outcome: { succeeded: boolean; error?: string },
) {
  await db
    .update(intents)
    .set(
      outcome.succeeded
        ? { status: 'succeeded', lastError: null }
        : { lastError: outcome.error ?? null },
    )
    .where(and(eq(intents.id, id), ne(intents.status, 'succeeded')))
}

export async function rotateSandboxSecret(
  db: DbOrTx,
  id: string,
  clientSecretHash: string,
): Promise<void> {
  await db.update(intents).set({ clientSecretHash }).where(eq(intents.id, id))
}
