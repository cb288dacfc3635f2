import { and, eq, isNull, sql } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { invoiceCounter, orders } from '../../db/schema/index.js'

/**
 * Gives a just-paid order the next invoice number. Call it in the SAME transaction
 * that marks the order paid: the counter's row stays locked until that transaction ends, so
 * concurrent payments take their numbers one after another, and a payment that rolls back
 * gives its number back (no gaps; a sequence would leave one). An order that already has a
 * number keeps it. Answers the order's invoice number.
 */
export async function assignInvoiceNumber(tx: DbOrTx, orderId: string): Promise<number> {
  const [existing] = await tx
    .select({ n: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  if (!existing) throw new Error('no such order to number')
  if (existing.n !== null) return existing.n
  const [next] = await tx
    .update(invoiceCounter)
    .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
    .where(eq(invoiceCounter.id, 'invoices'))
    .returning({ n: invoiceCounter.lastNumber })
  if (!next) throw new Error('invoice_counter has no row (migration 0010)')
  const numbered = await tx
    .update(orders)
    .set({ invoiceNumber: next.n })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
    .returning({ id: orders.id })
  if (numbered.length === 0) throw new Error('order numbered twice in one transaction')
  return next.n
}

/**
 * The demo seed's paid orders (made directly, not through a payment): numbered in the order
 * they were paid, and the counter set to the last, in the seed's transaction.
 */
export async function numberSeededInvoices(tx: DbOrTx): Promise<number> {
  await tx.execute(sql`
    with base as (select last_number from invoice_counter where id = 'invoices' for update),
    numbered as (
      select o.id, base.last_number + row_number() over (order by o.paid_at, o.id) as n
      from orders o, base
      where o.paid and o.invoice_number is null
    )
    update orders set invoice_number = numbered.n from numbered where orders.id = numbered.id`)
  const [row] = await selectRows<{ last: number | string | null }>(
    tx,
    sql`update invoice_counter
        set last_number = greatest(last_number, coalesce((select max(invoice_number) from orders), 0))
        where id = 'invoices' returning last_number as last`,
  )
  return Number(row?.last ?? 0)
}
