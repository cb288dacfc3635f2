import {
  ErrorBodySchema,
  exportWords as w,
  OrderSchema,
  PurchaseResponseSchema,
  type Order,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { csvRecords, download } from '../../../test/csv.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { payOrder, pdfText } from '../../../test/invoices.js'
import { stockOf } from '../../../test/orders.js'
import { auditLog, exchangeRates, orders } from '../../db/schema/index.js'

/**
 * Exports must be real: a delivery abroad is zero-rated only when it is paid in US dollars to a
 * place outside Bangladesh; one with a Bangladeshi phone is flagged for a check; it ships only
 * once an admin recorded its airway or shipping bill, which the invoice prints.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const testApp = useTestApp(database, { adminEmails: [adminEmail] })
const db = () => database.current.db
const app = () => testApp.current

const berlin = {
  phone: '+49 30 1234567',
  street: 'Friedrichstraße 12',
  city: 'Berlin',
  postcode: '10117',
  country: 'DE',
}

async function toolOf(quantity = 20) {
  return insertTool(db(), { name: 'Bench vise', priceCents: 4550, quantity })
}

const checkout = (user: TestUser, tool: string, body: object) =>
  app().inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(user),
    payload: { lines: [{ tool, quantity: 2 }], ...body },
  })

async function placedExport(user: TestUser, body: object = {}): Promise<Order> {
  const tool = await toolOf()
  const res = await checkout(user, tool.id, { ...berlin, ...body })
  expect(res.statusCode, res.body).toBe(201)
  return PurchaseResponseSchema.parse(res.json()).order
}

const recordDocument = (who: TestUser, orderId: string, payload: object) =>
  app().inject({
    method: 'PUT',
    url: `/api/purchase/${orderId}/export-document`,
    headers: bearer(who),
    payload,
  })

const ship = (who: TestUser, orderId: string) =>
  app().inject({
    method: 'PATCH',
    url: `/api/purchase/${orderId}/status`,
    headers: bearer(who),
    payload: { status: 'shipped' },
  })

async function refusedWithNothingPlaced(user: TestUser, body: object) {
  const tool = await toolOf()
  const res = await checkout(user, tool.id, { ...berlin, ...body })
  expect(res.statusCode, res.body).toBe(400)
  expect(await stockOf(db(), tool.id)).toBe(20)
  expect(await db().select().from(orders).where(eq(orders.customerEmail, user.email))).toEqual([])
  return ErrorBodySchema.parse(res.json()).error
}

describe('placing an export', () => {
  test('in taka is refused with the reason on the currency, and nothing is placed', async () => {
    await db()
      .insert(exchangeRates)
      .values({ perUsdUnits: 1_225_000, effectiveFrom: '2020-01-01', setByEmail: adminEmail })
    const buyer = await createUser(app(), { verified: true })
    const error = await refusedWithNothingPlaced(buyer, { currency: 'BDT' })
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: w.exportNeedsUsd,
      fields: { currency: w.exportNeedsUsd },
    })
  })

  test.each(['Dhaka', 'chittagong', 'Cumilla', "Cox's Bazar", 'NARAYANGANJ-1400'])(
    'to the Bangladeshi city %s is refused on the city',
    async (city) => {
      const buyer = await createUser(app(), { verified: true })
      const error = await refusedWithNothingPlaced(buyer, { city })
      expect(error.fields).toEqual({ city: w.exportToBangladeshiCity(city) })
    },
  )

  test("with the seed's address string naming a Bangladeshi district is refused on the address", async () => {
    const buyer = await createUser(app(), { verified: true })
    const error = await refusedWithNothingPlaced(buyer, {
      street: undefined,
      city: undefined,
      postcode: undefined,
      address: 'House 12, Road 3, Gazipur',
    })
    expect(error.fields).toEqual({ address: w.exportToBangladeshiCity('Gazipur') })
  })

  test('in US dollars to a city abroad is placed zero-rated; a Bangladeshi phone flags it for a check', async () => {
    const buyer = await createUser(app(), { verified: true })
    const plain = await placedExport(buyer)
    expect(plain).toMatchObject({ export: true, exportCheck: false, exportDocument: null })
    const flagged = await placedExport(buyer, { phone: '01711-000000' })
    expect(flagged).toMatchObject({ export: true, exportCheck: true, vat: { rate: 0 } })
    const [row] = await db().select().from(orders).where(eq(orders.id, flagged._id))
    expect(row?.exportCheck).toBe(true)
  })

  test('a domestic order with a Bangladeshi phone is never flagged', async () => {
    const buyer = await createUser(app(), { verified: true })
    const order = await placedExport(buyer, {
      country: 'BD',
      city: 'Dhaka',
      phone: '+880 1711 000000',
    })
    expect(order).toMatchObject({ export: false, exportCheck: false })
  })
})

describe('the export document', () => {
  test('a paid export ships only once its document is recorded, with an audit row; the invoice and the CSV show it', async () => {
    const admin = await createUser(app(), { email: adminEmail })
    const buyer = await createUser(app(), { verified: true })
    const order = await placedExport(buyer)
    await payOrder(app(), buyer, order._id)

    const refused = await ship(admin, order._id)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(ErrorBodySchema.parse(refused.json()).error.message).toBe(w.shipNeedsDocument)

    const recorded = await recordDocument(admin, order._id, {
      kind: 'airway-bill',
      number: ' 176-12345675 ',
    })
    expect(recorded.statusCode, recorded.body).toBe(200)
    expect(OrderSchema.parse(recorded.json()).exportDocument).toEqual({
      kind: 'airway-bill',
      number: '176-12345675',
    })
    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, order._id))
    expect(audit.filter((a) => a.kind === 'order.export-document')).toMatchObject([
      {
        actorEmail: adminEmail,
        before: { exportDocumentKind: null, exportDocumentNumber: null },
        after: { exportDocumentKind: 'airway-bill', exportDocumentNumber: '176-12345675' },
      },
    ])
    // The same document again changes nothing and writes no second row.
    await recordDocument(admin, order._id, { kind: 'airway-bill', number: '176-12345675' })
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.subjectId, order._id))).filter(
        (a) => a.kind === 'order.export-document',
      ),
    ).toHaveLength(1)

    const invoice = await app().inject({
      method: 'GET',
      url: `/api/purchase/${order._id}/invoice.pdf`,
      headers: bearer(buyer),
    })
    expect(invoice.statusCode).toBe(200)
    expect((await pdfText(invoice.rawPayload)).replace(/\s+/g, ' ')).toContain(
      `${w.invoiceDocument}: Airway bill 176-12345675`,
    )

    const shipped = await ship(admin, order._id)
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(OrderSchema.parse(shipped.json()).status).toBe('shipped')

    const csv = await download(app(), admin, '/api/export/orders.csv')
    const record = csvRecords(csv.body).find((r) => r.id === order._id)
    expect(record).toMatchObject({
      export: w.badge,
      export_check: 'no',
      export_document: 'Airway bill 176-12345675',
    })
  })

  test('a domestic order has no export document, ships without one, and says so in the CSV', async () => {
    const admin = await createUser(app(), { email: adminEmail })
    const buyer = await createUser(app(), { verified: true })
    const order = await placedExport(buyer, { country: 'BD', city: 'Dhaka', phone: '01711000000' })
    const res = await recordDocument(admin, order._id, { kind: 'shipping-bill', number: 'SB-1' })
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).error.message).toBe(w.notAnExport)
    await payOrder(app(), buyer, order._id)
    expect((await ship(admin, order._id)).statusCode).toBe(200)
    const csv = await download(app(), admin, '/api/export/orders.csv')
    expect(csvRecords(csv.body).find((r) => r.id === order._id)).toMatchObject({
      export: '',
      export_check: 'no',
      export_document: '',
    })
  })

  test('bad bodies, a cancelled order and a missing one are refused and change nothing', async () => {
    const admin = await createUser(app(), { email: adminEmail })
    const buyer = await createUser(app(), { verified: true })
    const order = await placedExport(buyer)
    for (const body of [
      {},
      { kind: 'bill-of-lading', number: 'X1' },
      { kind: 'airway-bill', number: '   ' },
      { kind: 'airway-bill', number: 'x'.repeat(65) },
    ]) {
      const res = await recordDocument(admin, order._id, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    const missing = await recordDocument(admin, '00000000-0000-4000-8000-000000000000', {
      kind: 'airway-bill',
      number: 'A1',
    })
    expect(missing.statusCode).toBe(404)

    const cancelled = await app().inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: bearer(buyer),
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const late = await recordDocument(admin, order._id, { kind: 'airway-bill', number: 'A1' })
    expect(late.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(late.json()).error.message).toBe(w.documentOnCancelled)

    const [row] = await db().select().from(orders).where(eq(orders.id, order._id))
    expect(row).toMatchObject({ exportDocumentKind: null, exportDocumentNumber: null })
    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, order._id))
    expect(audit.filter((a) => a.kind === 'order.export-document')).toEqual([])
  })
})
