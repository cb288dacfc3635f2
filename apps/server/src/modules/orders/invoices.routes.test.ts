import { ErrorBodySchema, invoiceWords, messages, shopDate } from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { confirmCard, markPaid, payOrder, pdfText, placeOrder } from '../../../test/invoices.js'
import {
  checkout,
  expire,
  insertFirstOrderPromotion,
  openPaymentPage,
  orderNumberOf,
} from '../../../test/orders.js'
import { selectRows } from '../../db/client.js'
import { orders, sandboxPaymentIntents } from '../../db/schema/index.js'
import type { App } from '../../app.js'
import type { TestUser } from '../../../test/accounts.js'
import { assignInvoiceNumber } from './invoices.queries.js'

const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db

const invoice = (app: App, orderId: string, user?: TestUser) =>
  app.inject({
    method: 'GET',
    url: `/api/purchase/${orderId}/invoice.pdf`,
    headers: user ? bearer(user) : {},
  })

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id))
  if (!row) throw new Error('no such order')
  return row
}

const counter = async () =>
  (
    await selectRows<{ n: number }>(
      db(),
      sql`select last_number::int as n from invoice_counter where id = 'invoices'`,
    )
  )[0]?.n

describe('the invoice PDF', () => {
  test('shows the company, the buyer (a Bengali name too), the number, the date, every line, the discount, the total, the currency and the transaction', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      company: {
        name: 'Toolworks Ltd',
        address: 'Plot 7, BSCIC Estate, Gazipur 1700, Bangladesh',
        email: 'accounts@toolworks.example',
        phone: '+880 2 5500 0100',
      },
    })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 100_000 })
    const buyer = await createUser(app, { name: 'রহিম উদ্দিন', verified: true })
    const wrench = await insertTool(db(), { name: 'Pipe wrench 14"', priceCents: 2450 })
    const bolts = await insertTool(db(), { name: 'Hex bolt M8 (box of 100)', priceCents: 1275 })
    const placed = await checkout(app, buyer, [
      { tool: wrench.id, quantity: 2 },
      { tool: bolts.id, quantity: 4 },
    ])
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json<{ insertedId: string }>().insertedId
    const transactionId = await payOrder(app, buyer, orderId)
    const row = await orderRow(orderId)

    const res = await invoice(app, orderId, buyer)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000001.pdf"')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const text = await pdfText(res.rawPayload)
    const rows = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())
    const has = (expected: string) => expect(rows).toContain(expected)
    const hasIn = (part: string) => expect(text).toContain(part)
    // The company.
    hasIn('Toolworks Ltd')
    hasIn('Plot 7, BSCIC Estate, Gazipur 1700, Bangladesh')
    hasIn('accounts@toolworks.example')
    hasIn('+880 2 5500 0100')
    // The number, the date (the payment's, in the shop's time zone) and the order.
    expect(row.paidAt).not.toBeNull()
    hasIn(`Invoice number: INV-000001`)
    hasIn(`Invoice date: ${shopDate(row.paidAt ?? new Date(0))}`)
    hasIn(`Order: ${await orderNumberOf(db(), orderId)}`)
    // The buyer, their Bengali name in its logical order.
    has('Bill to')
    has('রহিম উদ্দিন')
    has(buyer.email)
    has('+880 1711 000000')
    has('House 12, Road 3, Gazipur')
    // The lines: name, quantity, unit price, line total.
    has('Item Qty Unit price Line total')
    has('Pipe wrench 14" 2 $24.50 $49.00')
    has('Hex bolt M8 (box of 100) 4 $12.75 $51.00')
    // The discount, the total, the currency and the payment.
    has('Subtotal $100.00')
    has(`Discount: ${messages.promotions.firstOrderLabel(10)} -$10.00`)
    has('Total $90.00')
    has('Currency: USD')
    has(`Transaction ID: ${transactionId}`)
    expect(row.totalCents).toBe(9000)
  })

  test('an admin may read any invoice; another customer, an unknown or malformed id get 404; anonymous 401', async ({
    onTestFinished,
  }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const buyer = await createUser(app)
    const other = await createUser(app)
    const orderId = await placeOrder(app, db(), buyer)
    await payOrder(app, buyer, orderId)

    expect((await invoice(app, orderId, admin)).statusCode).toBe(200)
    for (const [user, id] of [
      [other, orderId],
      [buyer, '00000000-0000-4000-8000-000000000000'],
      [buyer, 'not-an-id'],
    ] as const) {
      const res = await invoice(app, id, user)
      expect(res.statusCode).toBe(404)
      expect(ErrorBodySchema.parse(res.json()).error.message).toBe(
        messages.orderRules.orderNotFound,
      )
    }
    const anonymous = await invoice(app, orderId)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['content-type']).toContain('application/json')
  })

  test('an unpaid order has no invoice yet (409), nor a cancelled order whose late payment was refunded', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const unpaid = await placeOrder(app, db(), buyer)
    const res = await invoice(app, unpaid, buyer)
    expect(res.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(res.json()).error.message).toBe(invoiceWords.notPaid)

    // Sold out after the cancel; the card's money arrives late and is refunded.
    const other = await createUser(app)
    const tool = await insertTool(db(), { quantity: 3, minimum: 1 })
    const refunded = await placeOrderOf(app, buyer, tool.id, 3)
    const intent = await openPaymentPage(app, buyer, refunded)
    await expire(app, db(), refunded)
    await placeOrderOf(app, other, tool.id, 3)
    await db()
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))
    expect((await markPaid(app, buyer, refunded, intent.paymentIntentId)).statusCode).toBe(409)
    expect(await orderRow(refunded)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'refunded_out_of_stock',
      invoiceNumber: null,
    })
    const none = await invoice(app, refunded, buyer)
    expect(none.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(none.json()).error.message).toBe(invoiceWords.noInvoice)
    expect(await counter()).toBe(0)
  })
})

async function placeOrderOf(app: App, user: TestUser, toolsId: string, quantity: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(user),
    payload: { toolsId, purchaseQuantity: quantity, phone: '+880 1711 000000', address: 'Dhaka' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ insertedId: string }>().insertedId
}

describe('invoice numbers', () => {
  test('are given at payment, 1, 2, 3 in the order of payment, not of ordering', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const [a, b, c] = [
      await placeOrder(app, db(), buyer),
      await placeOrder(app, db(), buyer),
      await placeOrder(app, db(), buyer),
    ]
    if (!a || !b || !c) throw new Error('orders not placed')
    expect((await orderRow(a)).invoiceNumber).toBeNull()
    await payOrder(app, buyer, b)
    await payOrder(app, buyer, c)
    await payOrder(app, buyer, a)
    expect([(await orderRow(b)).invoiceNumber, (await orderRow(c)).invoiceNumber]).toEqual([1, 2])
    expect((await orderRow(a)).invoiceNumber).toBe(3)
    expect(await counter()).toBe(3)
  })

  test('leave no gap: a declined card takes none, and a payment rolled back gives its number back', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const first = await placeOrder(app, db(), buyer)
    const declined = await openPaymentPage(app, buyer, first)
    expect((await confirmCard(app, declined.clientSecret, '4000 0000 0000 0002')).statusCode).toBe(
      402,
    )
    expect((await markPaid(app, buyer, first, declined.paymentIntentId)).statusCode).toBe(402)
    expect(await counter()).toBe(0)

    // The payment's transaction fails after taking its number: the number goes back with it.
    await expect(
      db().transaction(async (tx) => {
        expect(await assignInvoiceNumber(tx, first)).toBe(1)
        throw new Error('the payment failed after numbering')
      }),
    ).rejects.toThrow('the payment failed after numbering')
    expect(await counter()).toBe(0)
    expect((await orderRow(first)).invoiceNumber).toBeNull()

    const second = await placeOrder(app, db(), buyer)
    await payOrder(app, buyer, second)
    await payOrder(app, buyer, first)
    expect((await orderRow(second)).invoiceNumber).toBe(1)
    expect((await orderRow(first)).invoiceNumber).toBe(2)
  })

  test('a late payment that reinstates a cancelled order gives it the next number', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const orderId = await placeOrder(app, db(), buyer)
    const intent = await openPaymentPage(app, buyer, orderId)
    await expire(app, db(), orderId)
    await db()
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))
    expect((await markPaid(app, buyer, orderId, intent.paymentIntentId)).statusCode).toBe(200)
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', invoiceNumber: 1 })
    expect((await invoice(app, orderId, buyer)).statusCode).toBe(200)
  })
})
