import {
  exportWords,
  fiscalYearOf,
  messages,
  mushakWords,
  OrderSchema,
  OverviewSchema,
  ProfileSchema,
  PurchaseResponseSchema,
  shopDate,
  taxOrder,
  taxWords,
  type Order,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { csvRecords, download } from '../../../test/csv.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { pdfText } from '../../../test/invoices.js'
import { insertFirstOrderPromotion, purchase, stockOf, where } from '../../../test/orders.js'
import { clickOnGatewayPage, useSslcommerzShop } from '../../../test/sslcommerz.js'
import { exchangeRates, orders } from '../../db/schema/index.js'

/**
 * Taka prices, 15% VAT, exports and the Mushak-6.3, through the shop's routes: the
 * server prices every order by the shared taxOrder, keeps its currency, rate and VAT frozen,
 * is paid in that currency through SSLCommerz's stand-in, and numbers the tax invoice at payment.
 */
type ErrorBody = { error: { message: string; fields: Record<string, string> } }

const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const shop = useSslcommerzShop(database, { adminEmails: [adminEmail] })
const db = () => database.current.db
const app = () => shop.current.app

async function setRate(perUsd: number, effectiveFrom = '2020-01-01') {
  await db()
    .insert(exchangeRates)
    .values({ perUsdUnits: Math.round(perUsd * 10_000), effectiveFrom, setByEmail: adminEmail })
}

type Body = {
  currency?: string
  country?: string
  bin?: string
  [extra: string]: unknown
}

/** A delivery abroad: an export is refused to a Bangladeshi address (export-orders.routes.test.ts). */
const abroad = { address: '221B Baker Street, London NW1 6XE' }

const checkout = (user: TestUser, lines: { tool: string; quantity: number }[], body: Body = {}) =>
  app().inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(user),
    payload: { lines, ...where, ...body },
  })

async function twoTools() {
  const clamp = await insertTool(db(), { name: 'Spring clamp', priceCents: 1999, quantity: 50 })
  const vise = await insertTool(db(), { name: 'Bench vise', priceCents: 4550, quantity: 50 })
  return { clamp, vise }
}

async function placed(user: TestUser, body: Body, quantities = [3, 2]) {
  const { clamp, vise } = await twoTools()
  const res = await checkout(
    user,
    [
      { tool: clamp.id, quantity: quantities[0] ?? 1 },
      { tool: vise.id, quantity: quantities[1] ?? 1 },
    ],
    body,
  )
  expect(res.statusCode, res.body).toBe(201)
  return PurchaseResponseSchema.parse(res.json()).order
}

async function payWithGateway(user: TestUser, orderId: string) {
  const res = await app().inject({
    method: 'POST',
    url: `/api/purchase/${orderId}/payment`,
    headers: bearer(user),
    payload: { method: 'sslcommerz' },
  })
  expect(res.statusCode, res.body).toBe(200)
  await clickOnGatewayPage(res.json<{ redirectUrl: string }>().redirectUrl, 'Pay')
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
  expect(row?.paid).toBe(true)
  return row
}

const mushak = (user: TestUser, orderId: string) =>
  app().inject({
    method: 'GET',
    url: `/api/purchase/${orderId}/mushak-6.3.pdf`,
    headers: bearer(user),
  })

describe('an order in taka (BDT)', () => {
  test('is priced by the shared rule at the rate in force: whole taka a unit, VAT included, all frozen', async () => {
    await setRate(122.5)
    const buyer = await createUser(app(), { verified: true })
    const order = await placed(buyer, { currency: 'BDT' })

    // 19.99 × 122.5 = 2448.78 → ৳2,449; 45.50 × 122.5 = 5573.75 → ৳5,574.
    const expected = taxOrder({
      lines: [
        { unitUsdCents: 1999, quantity: 3 },
        { unitUsdCents: 4550, quantity: 2 },
      ],
      currency: 'BDT',
      rate: { perUsd: 122.5 },
      country: 'BD',
      vatPercent: 15,
    })
    expect(order.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [2449, 7347],
      [5574, 11148],
    ])
    expect(order).toMatchObject({
      currency: 'BDT',
      exchangeRate: 122.5,
      country: 'BD',
      export: false,
      price: 2449,
      subtotal: 18495,
      totalMoney: expected.total / 100,
      vat: { rate: 15, amount: expected.vat / 100, included: true },
      mushakSerial: null,
    })
    // Σ value before VAT + Σ VAT = the total, to the poisha.
    expect(expected.lines.reduce((s, l) => s + l.valueBeforeVat + l.vat, 0)).toBe(expected.total)

    // A later rate alters no placed order.
    await setRate(130, shopDate(new Date()))
    const again = await app().inject({
      method: 'GET',
      url: `/api/purchase/${order._id}`,
      headers: bearer(buyer),
    })
    expect(OrderSchema.parse(again.json())).toMatchObject({
      exchangeRate: 122.5,
      totalMoney: order.totalMoney,
    })
    const next = await placed(buyer, { currency: 'BDT' })
    expect(next.exchangeRate).toBe(130)
    expect(next.price).toBe(2599) // 19.99 × 130 = 2598.70
  })

  test('is refused while no rate is set, and nothing changes', async () => {
    const buyer = await createUser(app(), { verified: true })
    const { clamp } = await twoTools()
    const res = await checkout(buyer, [{ tool: clamp.id, quantity: 2 }], { currency: 'BDT' })
    expect(res.statusCode).toBe(409)
    expect(res.json<ErrorBody>().error.message).toBe(taxWords.bdtNotOffered)
    expect(await stockOf(db(), clamp.id)).toBe(50)
    expect(await db().select().from(orders)).toHaveLength(0)
  })

  test('caps the first-order discount at its dollar cap in whole taka', async () => {
    await setRate(122.5)
    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 1001 })
    const buyer = await createUser(app(), { verified: true })
    const order = await placed(buyer, { currency: 'BDT' })
    // The cap: $10.01 × 122.5 = 1226.225 → ৳1,226, below 50% of ৳18,495.
    expect(order.discount?.amount).toBe(1226)
    expect(order.totalMoney).toBe(18495 - 1226)
  })

  test('the buyer cannot choose the rate, the VAT or export status: extra fields are ignored', async () => {
    await setRate(122.5)
    const buyer = await createUser(app(), { verified: true })
    const order = await placed(buyer, {
      currency: 'BDT',
      exchangeRate: 1,
      perUsd: 1,
      vatRate: 0,
      vat: { rate: 0 },
      export: true,
      totalMoney: 1,
    })
    expect(order).toMatchObject({ exchangeRate: 122.5, export: false, subtotal: 18495 })
    expect(order.vat.rate).toBe(15)
  })

  test('a bad currency, country or BIN is a 400 naming the field, and nothing changes', async () => {
    const buyer = await createUser(app(), { verified: true })
    const { clamp } = await twoTools()
    const cases: [Body, string, string][] = [
      [{ currency: 'EUR' }, 'currency', taxWords.currencyChoice],
      [{ country: 'XX' }, 'country', taxWords.countryCode],
      [{ country: 'Bangladesh' }, 'country', taxWords.countryCode],
      [{ bin: '12345' }, 'bin', taxWords.binFormat],
      [{ bin: '000123456-01011' }, 'bin', taxWords.binFormat],
    ]
    for (const [body, field, message] of cases) {
      const res = await checkout(buyer, [{ tool: clamp.id, quantity: 1 }], body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json<ErrorBody>().error.fields[field], JSON.stringify(body)).toBe(message)
    }
    expect(await stockOf(db(), clamp.id)).toBe(50)
  })

  test('counts towards the unpaid limit at its own rate', async () => {
    await setRate(100)
    const buyer = await createUser(app()) // unverified: $1,000 of unpaid orders at most
    const tool = await insertTool(db(), { priceCents: 30_000, quantity: 50 })
    const first = await checkout(buyer, [{ tool: tool.id, quantity: 3 }], { currency: 'BDT' })
    expect(first.statusCode, first.body).toBe(201) // ৳90,000 = $900
    const second = await checkout(buyer, [{ tool: tool.id, quantity: 1 }], { currency: 'USD' })
    expect(second.statusCode).toBe(409)
    expect(second.json<ErrorBody>().error.message).toBe(
      messages.orderRules.unverifiedValueLimit('$1,000.00'),
    )
  })
})

describe('delivery country and VAT', () => {
  test('an export is zero-rated: each unit price without VAT, rounded to the cent; VAT 0', async () => {
    const buyer = await createUser(app(), { verified: true })
    const order = await placed(buyer, { ...abroad, country: 'de' })
    // 19.99 / 1.15 = 17.3826 → $17.38; 45.50 / 1.15 = 39.565 → $39.57.
    expect(order.lines.map((l) => l.unitPrice)).toEqual([17.38, 39.57])
    expect(order).toMatchObject({
      currency: 'USD',
      exchangeRate: null,
      country: 'DE',
      export: true,
      totalMoney: 17.38 * 3 + 39.57 * 2,
      vat: { rate: 0, amount: 0, included: true },
    })
  })

  test('an export in taka is refused: an export is paid in US dollars', async () => {
    await setRate(122.5)
    const buyer = await createUser(app(), { verified: true })
    const { clamp } = await twoTools()
    const res = await checkout(buyer, [{ tool: clamp.id, quantity: 1 }], {
      ...abroad,
      currency: 'BDT',
      country: 'IN',
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<ErrorBody>().error.fields).toEqual({ currency: exportWords.exportNeedsUsd })
  })

  test("the seed's POST /api/purchase stays a domestic dollar order at the list price, VAT inside", async () => {
    const buyer = await createUser(app(), { verified: true })
    const tool = await insertTool(db(), { priceCents: 1999, quantity: 10 })
    const res = await purchase(app(), buyer, tool.id, 3)
    expect(res.statusCode, res.body).toBe(201)
    const { order } = PurchaseResponseSchema.parse(res.json())
    // 59.97 holds 59.97 × 15/115 = 7.82 of VAT.
    expect(order).toMatchObject({
      price: 19.99,
      totalMoney: 59.97,
      currency: 'USD',
      country: 'BD',
      export: false,
      vat: { rate: 15, amount: 7.82, included: true },
    })
  })
})

describe('BIN and profile', () => {
  test('a BIN with or without its dash is the same 13 digits on the order', async () => {
    const buyer = await createUser(app(), { verified: true })
    const dashed = await placed(buyer, { bin: '000123456-0101' })
    const plain = await placed(buyer, { bin: '0001234560101' })
    expect(dashed.bin).toBe('0001234560101')
    expect(plain.bin).toBe('0001234560101')
  })

  test('the profile keeps a BIN and a country; checkout takes the profile BIN when it names none', async () => {
    const buyer = await createUser(app(), { verified: true })
    const profile = (payload: object) =>
      app().inject({
        method: 'PUT',
        url: `/api/updateduser?email=${encodeURIComponent(buyer.email)}`,
        headers: bearer(buyer),
        payload: { phone: '1', location: 'Dhaka', education: 'x', linkedin: 'y', ...payload },
      })
    const bad = await profile({ bin: '1234' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<ErrorBody>().error.fields.bin).toBe(taxWords.binFormat)

    expect((await profile({ bin: '000999888-0101', country: 'bd' })).statusCode).toBe(200)
    // The seed's clients send neither: both are left as they are.
    expect((await profile({})).statusCode).toBe(200)
    const read = await app().inject({
      method: 'GET',
      url: `/api/user?email=${encodeURIComponent(buyer.email)}`,
      headers: bearer(buyer),
    })
    expect(ProfileSchema.parse(read.json())).toMatchObject({ bin: '0009998880101', country: 'BD' })

    const order = await placed(buyer, {})
    expect(order.bin).toBe('0009998880101')
    // An empty BIN removes it.
    expect((await profile({ bin: '' })).statusCode).toBe(200)
    expect((await placed(buyer, {})).bin).toBeNull()
  })

  test('PUT /api/user/currency keeps the switch in the profile', async () => {
    const buyer = await createUser(app(), { verified: true })
    const set = await app().inject({
      method: 'PUT',
      url: '/api/user/currency',
      headers: bearer(buyer),
      payload: { currency: 'BDT' },
    })
    expect(set.statusCode, set.body).toBe(200)
    const read = await app().inject({
      method: 'GET',
      url: `/api/user?email=${encodeURIComponent(buyer.email)}`,
      headers: bearer(buyer),
    })
    expect(ProfileSchema.parse(read.json()).currency).toBe('BDT')
    const bad = await app().inject({
      method: 'PUT',
      url: '/api/user/currency',
      headers: bearer(buyer),
      payload: { currency: 'EUR' },
    })
    expect(bad.statusCode).toBe(400)
    const anonymous = await app().inject({
      method: 'PUT',
      url: '/api/user/currency',
      payload: { currency: 'BDT' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('paying in taka and the Mushak-6.3', () => {
  test('goes to the gateway in taka; the serial is given at payment, gap-free in its fiscal year', async () => {
    await setRate(122.5)
    const buyer = await createUser(app(), { verified: true })
    const first = await placed(buyer, { currency: 'BDT', bin: '000123456-0101' })
    const row = await payWithGateway(buyer, first._id)
    const year = fiscalYearOf(shopDate(row?.paidAt ?? new Date()))
    expect(row).toMatchObject({
      currency: 'BDT',
      mushakFiscalYear: year,
      mushakSerial: 1,
      paymentState: 'paid',
    })
    const gateway = shop.current.gateway
    expect(gateway.ipns.at(-1)?.fields).toMatchObject({
      currency: 'BDT',
      amount: first.totalMoney.toFixed(2),
    })

    // An export gets no serial; the next domestic order takes 2.
    const exported = await placed(buyer, { ...abroad, currency: 'USD', country: 'US' })
    expect((await payWithGateway(buyer, exported._id))?.mushakSerial).toBeNull()
    const second = await placed(buyer, { currency: 'USD' })
    const secondRow = await payWithGateway(buyer, second._id)
    expect(secondRow?.mushakSerial).toBe(2)

    const read = await app().inject({
      method: 'GET',
      url: `/api/purchase/${second._id}`,
      headers: bearer(buyer),
    })
    expect(OrderSchema.parse(read.json()).mushakSerial).toBe(`${year}/2`)
  })

  test('the PDF: 409 unpaid, 409 export, 404 to others; the owner and admins read every figure', async () => {
    await setRate(122.5)
    const buyer = await createUser(app(), { verified: true, name: 'Rahim Traders' })
    const other = await createUser(app(), { verified: true })
    const admin = await createUser(app(), { email: adminEmail })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 100_000 })
    const order: Order = await placed(buyer, { currency: 'BDT', bin: '000123456-0101' })

    const unpaid = await mushak(buyer, order._id)
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json<ErrorBody>().error.message).toBe(taxWords.mushakUnpaid)

    await payWithGateway(buyer, order._id)
    expect((await mushak(other, order._id)).statusCode).toBe(404)
    for (const reader of [buyer, admin]) {
      const res = await mushak(reader, order._id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="mushak-6\.3-/)
    }
    const text = await pdfText((await mushak(buyer, order._id)).rawPayload)
    const rows = text.split('\n').map((r) => r.trim().replace(/\s+/g, ' '))
    expect(text).toContain('মূসক-৬.৩')
    expect(text).toContain(mushakWords.title)
    expect(text).toContain('BIN: 000000000-0101') // the demo seller BIN outside production
    expect(text).toContain('BIN: 000123456-0101')
    expect(text).toContain('Rahim Traders')
    expect(text).toContain(where.address)

    // The figures, read back: each line and the totals, as taxOrder makes them.
    const taxed = taxOrder({
      lines: [
        { unitUsdCents: 1999, quantity: 3 },
        { unitUsdCents: 4550, quantity: 2 },
      ],
      currency: 'BDT',
      rate: { perUsd: 122.5 },
      country: 'BD',
      vatPercent: 15,
      discount: { percent: 10, capUsdCents: 100_000 },
    })
    const taka = (poisha: number) =>
      `৳${(poisha / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`
    taxed.lines.forEach((l, i) => {
      const name = i === 0 ? 'Spring clamp' : 'Bench vise'
      expect(rows).toContain(
        `${i + 1} ${name} ${l.quantity} ${taka(l.unitPriceBeforeVat)} ${taka(l.valueBeforeVat)} 0% ৳0.00 15% ${taka(l.vat)} ${taka(l.totalWithTax)}`,
      )
    })
    const sumValue = taxed.lines.reduce((s, l) => s + l.valueBeforeVat, 0)
    expect(rows).toContain(`Totals ${taka(sumValue)} ৳0.00 ${taka(taxed.vat)} ${taka(taxed.total)}`)
    expect(sumValue + taxed.vat).toBe(taxed.total)

    const exported = await placed(buyer, { ...abroad, country: 'GB' })
    await payWithGateway(buyer, exported._id)
    const refused = await mushak(buyer, exported._id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ErrorBody>().error.message).toBe(taxWords.mushakExport)
    // The export keeps its invoice, which says so.
    const invoice = await app().inject({
      method: 'GET',
      url: `/api/purchase/${exported._id}/invoice.pdf`,
      headers: bearer(buyer),
    })
    expect(await pdfText(invoice.rawPayload)).toContain(taxWords.exportZeroRated)
  })
})

describe('the admin side', () => {
  test('the orders CSV carries currency, rate, country, VAT and the Mushak serial; the overview shows revenue and VAT per currency', async () => {
    await setRate(122.5)
    const buyer = await createUser(app(), { verified: true })
    const admin = await createUser(app(), { email: adminEmail })
    const taka = await placed(buyer, { currency: 'BDT' })
    const paidRow = await payWithGateway(buyer, taka._id)
    const exported = await placed(buyer, { ...abroad, country: 'DE' })
    await payWithGateway(buyer, exported._id)

    const csv = await download(app(), admin, '/api/export/orders.csv')
    expect(csv.statusCode, csv.body).toBe(200)
    const records = csvRecords(csv.body)
    const year = fiscalYearOf(shopDate(paidRow?.paidAt ?? new Date()))
    expect(records.find((r) => r.id === taka._id)).toMatchObject({
      total: taka.totalMoney.toFixed(2),
      currency: 'BDT',
      exchange_rate: '122.5',
      country: 'BD',
      vat_rate: '15',
      vat: taka.vat.amount.toFixed(2),
      mushak_serial: `${year}/1`,
      // The order's number is a column too.
      order_number: taka.orderNumber,
    })
    expect(records.find((r) => r.id === exported._id)).toMatchObject({
      currency: 'USD',
      exchange_rate: '',
      country: 'DE',
      vat_rate: '0',
      vat: '0.00',
      mushak_serial: '',
      order_number: exported.orderNumber,
    })

    const overview = await app().inject({
      method: 'GET',
      url: '/api/stats/overview?days=7',
      headers: bearer(admin),
    })
    const body = OverviewSchema.parse(overview.json())
    expect(body.revenueByCurrency).toEqual([
      { currency: 'USD', orders: 1, revenue: exported.totalMoney, vat: 0 },
      { currency: 'BDT', orders: 1, revenue: taka.totalMoney, vat: taka.vat.amount },
    ])
    // The day's chart adds both in dollars, the taka order at its own rate.
    const inDollars = Math.round((taka.totalMoney * 100) / 122.5) / 100
    const charted = body.revenueByDay.reduce((sum, d) => sum + d.revenue, 0)
    expect(charted).toBeCloseTo(exported.totalMoney + inDollars, 2)
  })
})
