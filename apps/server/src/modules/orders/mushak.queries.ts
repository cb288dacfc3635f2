import { fiscalYearOf, SHOP_COUNTRY, shopDate } from '@toolworks/shared'
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { orders } from '../../db/schema/index.js'

/**
 * Gives a just-paid domestic order the next Mushak-6.3 serial of its fiscal year.
 * Call it in the SAME transaction that marks the order paid, as the invoice number is: the
 * year's counter row stays locked until that transaction ends, so payments take their serials
 * one after another and a payment that rolls back gives its serial back (no gaps). A year's
 * first payment creates its row at 1. An order that already has a serial keeps it.
 */
export async function assignMushakSerial(
  tx: DbOrTx,
  orderId: string,
  fiscalYear: string,
): Promise<number> {
  const [existing] = await tx
    .select({ serial: orders.mushakSerial })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  if (!existing) throw new Error('no such order to give a serial')
  if (existing.serial !== null) return existing.serial
  const [next] = await selectRows<{ serial: number }>(
    tx,
    sql`insert into mushak_counters (fiscal_year, last_serial) values (${fiscalYear}, 1)
        on conflict (fiscal_year) do update set last_serial = mushak_counters.last_serial + 1
        returning last_serial as serial`,
  )
  if (!next) throw new Error('mushak_counters answered no serial')
  const serial = Number(next.serial)
  const given = await tx
    .update(orders)
    .set({ mushakFiscalYear: fiscalYear, mushakSerial: serial })
    .where(and(eq(orders.id, orderId), isNull(orders.mushakSerial)))
    .returning({ id: orders.id })
  if (given.length === 0) throw new Error('order given a Mushak serial twice in one transaction')
  return serial
}

/**
 * Gives a cancelled paid domestic order its Mushak-6.7 credit note: the next serial of the
 * fiscal year it is issued in, and the time. Call it in the SAME transaction that cancels the
 * order, as the 6.3's serial is given in the payment's: the year's counter row stays locked
 * until that transaction ends, so credit notes take their serials one after another and a
 * cancellation that rolls back gives its serial back (no gaps). An order without a 6.3 (an
 * export, or paid before tax invoices) gets none; an order that has one keeps it, so a second
 * cancel gives nothing twice. Answers the serial, or null when none is due.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  orderId: string,
  at: Date,
): Promise<{ fiscalYear: string; serial: number } | null> {
  const [order] = await tx
    .select({
      status: orders.status,
      mushakSerial: orders.mushakSerial,
      fiscalYear: orders.creditNoteFiscalYear,
      serial: orders.creditNoteSerial,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  if (!order) throw new Error('no such order to give a credit note')
  if (order.fiscalYear !== null && order.serial !== null)
    return { fiscalYear: order.fiscalYear, serial: order.serial }
  if (order.mushakSerial === null || order.status !== 'cancelled') return null
  const fiscalYear = fiscalYearOf(shopDate(at))
  const [next] = await selectRows<{ serial: number }>(
    tx,
    sql`insert into mushak_credit_note_counters (fiscal_year, last_serial) values (${fiscalYear}, 1)
        on conflict (fiscal_year)
        do update set last_serial = mushak_credit_note_counters.last_serial + 1
        returning last_serial as serial`,
  )
  if (!next) throw new Error('mushak_credit_note_counters answered no serial')
  const serial = Number(next.serial)
  const given = await tx
    .update(orders)
    .set({ creditNoteFiscalYear: fiscalYear, creditNoteSerial: serial, creditNoteIssuedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.creditNoteSerial)))
    .returning({ id: orders.id })
  if (given.length === 0) throw new Error('order given a credit note twice in one transaction')
  return { fiscalYear, serial }
}

/**
 * The demo seed's paid domestic orders (made directly, not through a payment): their serials in
 * the order they were paid, each in its fiscal year, in the seed's transaction, as a payment
 * would have given them.
 */
export async function numberSeededMushakSerials(tx: DbOrTx): Promise<number> {
  const paid = await tx
    .select({ id: orders.id, paidAt: orders.paidAt })
    .from(orders)
    .where(
      and(
        eq(orders.paid, true),
        isNotNull(orders.paidAt),
        eq(orders.country, SHOP_COUNTRY),
        isNull(orders.mushakSerial),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id))
  for (const order of paid) {
    if (order.paidAt) await assignMushakSerial(tx, order.id, fiscalYearOf(shopDate(order.paidAt)))
  }
  return paid.length
}
