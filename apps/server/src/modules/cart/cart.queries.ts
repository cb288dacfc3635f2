import { and, asc, eq, inArray } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { cartLines } from '../../db/schema/index.js'

export type CartLineRow = { toolId: string; quantity: number }

/** A buyer's kept lines in their order. */
export function listCartLines(db: DbOrTx, userId: string): Promise<CartLineRow[]> {
  return db
    .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.position))
}

/** Replaces a buyer's whole cart; the caller holds the buyer's lock (one writer at a time). */
export async function replaceCartLines(
  tx: DbOrTx,
  userId: string,
  lines: readonly CartLineRow[],
): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId))
  if (lines.length === 0) return
  await tx.insert(cartLines).values(lines.map((line, position) => ({ userId, position, ...line })))
}

/** Drops the lines of these tools from a buyer's cart (they were just ordered). */
export async function deleteCartTools(
  tx: DbOrTx,
  userId: string,
  toolIds: readonly string[],
): Promise<void> {
  if (toolIds.length === 0) return
  await tx
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.toolId, [...toolIds])))
}
