import { and, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { orders } from '../../db/schema/index.js'

export type OrderRow = typeof orders.$inferSelect
export type NewOrderRow = typeof orders.$inferInsert
type Status = OrderRow['status']

const LIST_LIMIT = 500

export async function insertOrder(tx: DbOrTx, row: NewOrderRow): Promise<OrderRow> {
  const [inserted] = await tx.insert(orders).values(row).returning()
  if (!inserted) throw new Error('insert returned no row')
  return inserted
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row
}

/** A customer's own list: neither cancelled nor hidden by them, newest first. */
export function listCustomerOrders(db: DbOrTx, email: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(sql`lower(${orders.customerEmail})`, email.toLowerCase()),
        ne(orders.status, 'cancelled'),
        eq(orders.hiddenByCustomer, false),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT)
}

export function listAllOrders(
  db: DbOrTx,
  filter: { status?: Status; q?: string },
): Promise<OrderRow[]> {
  const conditions: SQL[] = []
  if (filter.status) conditions.push(eq(orders.status, filter.status))
  if (filter.q)
    conditions.push(
      ilike(orders.customerEmail, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    )
  return db
    .select()
    .from(orders)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT)
}

/** Moves an order from one status to another only if it is still in the first: safe under races. */
export async function changeStatus(
  tx: DbOrTx,
  id: string,
  from: Status,
  to: Status,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: to })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning()
  return row
}

export async function hideFromCustomer(db: DbOrTx, id: string): Promise<void> {
  await db.update(orders).set({ hiddenByCustomer: true }).where(eq(orders.id, id))
}

export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1)
  return row
}

export async function setOrderPaid(
  tx: DbOrTx,
  id: string,
  transactionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paid: true,
      transactionId,
      paymentIntentId: transactionId,
      paidAt: new Date(),
    })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning()
  return row
}

export async function setPaymentIntent(
  db: DbOrTx,
  id: string,
  paymentIntentId: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentIntentId })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
}
