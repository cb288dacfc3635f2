import { and, asc, eq, inArray, sql } from 'drizzle-orm'

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

/**
 * Sets the quantity of these tools in a buyer's cart, in one statement whatever the count: a
 * tool already there keeps its place, a new one goes after the last line, in the order given.
 * The lines travel as two array parameters (not four per line), and an existing line is updated
 * in place, so its foreign keys are not checked again. The caller holds the buyer's lock.
 */
export async function upsertCartLines(
  tx: DbOrTx,
  userId: string,
  lines: readonly CartLineRow[],
): Promise<void> {
  if (lines.length === 0) return
  const toolIds = sql.param(lines.map((l) => l.toolId))
  const quantities = sql.param(lines.map((l) => l.quantity))
  await tx.execute(sql`
    insert into ${cartLines} (user_id, tool_id, quantity, position)
    select ${userId}, line.tool_id, line.quantity,
      coalesce((select max(position) from ${cartLines} where user_id = ${userId}), -1) + line.n
    from unnest(${toolIds}::uuid[], ${quantities}::int[]) with ordinality as line(tool_id, quantity, n)
    on conflict (user_id, tool_id)
      do update set quantity = excluded.quantity, updated_at = now()`)
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
