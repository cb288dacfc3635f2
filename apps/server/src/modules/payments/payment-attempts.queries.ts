import { eq } from 'drizzle-orm'

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
