import {
  creditNoteWords,
  ErrorBodySchema,
  fiscalYearOf,
  formatMinor,
  OrderSchema,
  shopDate,
  shopDateTime,
  taxLines,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { payOrder, pdfText, placeOrder } from '../../../test/invoices.js'
import type { App } from '../../app.js'
import { mushakCreditNoteCounters, orders } from '../../db/schema/index.js'
import { issueCreditNote } from './mushak.queries.js'

/**
 * The Mushak-6.7 credit note: a paid domestic order cancelled after its Mushak-6.3 gets its
 * own serial (per fiscal year, gapless, never twice) in the cancelling transaction, and a PDF
 * that names the 6.3 and reverses its amounts, for the owner and admins.
 */
const database = useTestDatabase()
const db = () => database.current.db
const adminEmail = uniqueEmail('admin')

async function rowOf(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id))
  if (!row) throw new Error('no such order')
  return row
}

const cancel = (app: App, admin: TestUser, id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/cancel`,
    headers: bearer(admin),
    payload: { reason: 'out of stock at the supplier' },
  })

const creditNote = (app: App, id: string, user?: TestUser) =>
  app.inject({
    method: 'GET',
    url: `/api/purchase/${id}/mushak-6.7.pdf`,
    headers: user ? bearer(user) : {},
  })

async function paidOrder(app: App, buyer: TestUser, name = 'Spring clamp') {
  const id = await placeOrder(app, db(), buyer, { name, priceCents: 1999, quantity: 3 })
  await payOrder(app, buyer, id)
  return id
}

describe('the Mushak-6.7 credit note', () => {
  test('cancelling paid domestic orders gives serials 1, 2 in the year; a second cancel gives none; an order without a 6.3 takes none', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const buyer = await createUser(app, { verified: true })
    const admin = await createUser(app, { email: adminEmail })
    const first = await paidOrder(app, buyer)
    const second = await paidOrder(app, buyer)
    const before = await paidOrder(app, buyer)
    // Paid before the shop issued tax invoices: no Mushak-6.3, so nothing to credit.
    await db()
      .update(orders)
      .set({ mushakFiscalYear: null, mushakSerial: null })
      .where(eq(orders.id, before))

    expect((await cancel(app, admin, first)).statusCode).toBe(200)
    expect((await cancel(app, admin, before)).statusCode).toBe(200)
    expect((await cancel(app, admin, second)).statusCode).toBe(200)
    const again = await cancel(app, admin, first)
    expect(again.statusCode).toBe(409)

    const year = fiscalYearOf(shopDate(new Date()))
    const [a, b, none] = await Promise.all([rowOf(first), rowOf(second), rowOf(before)])
    expect([a.creditNoteFiscalYear, a.creditNoteSerial]).toEqual([year, 1])
    expect([b.creditNoteFiscalYear, b.creditNoteSerial]).toEqual([year, 2])
    expect(a.creditNoteIssuedAt).toBeInstanceOf(Date)
    expect([none.creditNoteSerial, none.creditNoteIssuedAt]).toEqual([null, null])
    expect(await db().select().from(mushakCreditNoteCounters)).toEqual([
      { fiscalYear: year, lastSerial: 2 },
    ])

    // The order's answer names its credit note; one without it says null.
    const read = await app.inject({
      method: 'GET',
      url: `/api/purchase/${first}`,
      headers: bearer(buyer),
    })
    expect(OrderSchema.parse(read.json()).creditNoteSerial).toBe(`${year}/1`)
    const plain = await app.inject({
      method: 'GET',
      url: `/api/purchase/${before}`,
      headers: bearer(buyer),
    })
    expect(OrderSchema.parse(plain.json()).creditNoteSerial).toBeNull()

    // Issuing again keeps the serial; another fiscal year starts at 1.
    await db().transaction(async (tx) => {
      expect(await issueCreditNote(tx, first, new Date('2031-08-01T00:00:00Z'))).toEqual({
        fiscalYear: year,
        serial: 1,
      })
    })
    const third = await paidOrder(app, buyer)
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, third))
    await db().transaction(async (tx) => {
      expect(await issueCreditNote(tx, third, new Date('2031-08-01T00:00:00Z'))).toEqual({
        fiscalYear: '2031-32',
        serial: 1,
      })
    })
  })

  test('the PDF: the owner and admins read the 6.3 it corrects and every amount reversed; 404 to others and for an order without one', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const buyer = await createUser(app, { verified: true, name: 'Rahim Traders' })
    const other = await createUser(app, { verified: true })
    const admin = await createUser(app, { email: adminEmail })
    const id = await paidOrder(app, buyer, 'Spring clamp')
    const kept = await paidOrder(app, buyer, 'Bench vise')

    const notYet = await creditNote(app, id, buyer)
    expect(notYet.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(notYet.json()).error.message).toBe(creditNoteWords.none)
    expect((await cancel(app, admin, id)).statusCode).toBe(200)

    expect((await creditNote(app, id)).statusCode).toBe(401)
    expect((await creditNote(app, id, other)).statusCode).toBe(404)
    expect((await creditNote(app, kept, buyer)).statusCode).toBe(404)
    for (const reader of [buyer, admin]) {
      const res = await creditNote(app, id, reader)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="mushak-6\.7-/)
    }

    const row = await rowOf(id)
    const text = await pdfText((await creditNote(app, id, buyer)).rawPayload)
    const rows = text.split('\n').map((r) => r.trim().replace(/\s+/g, ' '))
    expect(text).toContain('মূসক-৬.৭')
    expect(text).toContain(`${creditNoteWords.form} · ${creditNoteWords.title}`)
    expect(text).toContain('Rahim Traders')
    expect(text).toContain('BIN: 000000000-0101')
    expect(rows).toContain(`${creditNoteWords.serial}: ${row.creditNoteFiscalYear}/1`)
    expect(rows).toContain(
      `${creditNoteWords.originalSerial}: ${row.mushakFiscalYear}/${row.mushakSerial}`,
    )
    expect(rows).toContain(
      `${creditNoteWords.originalDate}: ${shopDateTime(row.paidAt!.toISOString())}`,
    )
    expect(rows).toContain(`${creditNoteWords.reason}: ${creditNoteWords.reasonCancelled}`)

    // The 6.3's figures, each reduced: value, VAT and total with a minus sign.
    const [line] = taxLines([{ quantity: 3, unitPrice: 1999 }], 0, 15)
    const usd = (cents: number) => formatMinor(cents, 'USD')
    expect(rows).toContain(
      `1 Spring clamp 3 ${usd(line!.unitPriceBeforeVat)} -${usd(line!.valueBeforeVat)} 15% -${usd(line!.vat)} -${usd(line!.totalWithTax)}`,
    )
    expect(rows).toContain(
      `${creditNoteWords.totals} -${usd(line!.valueBeforeVat)} -${usd(line!.vat)} -${usd(5997)}`,
    )
    expect(line!.valueBeforeVat + line!.vat).toBe(5997)
  })
})
