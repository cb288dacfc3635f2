import { messages } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import {
  confirmCard,
  markPaid,
  orderMailsTo,
  payOrder,
  placeOrder,
} from '../../../test/invoices.js'
import { insertFirstOrderPromotion, openPaymentPage, orderNumberOf } from '../../../test/orders.js'
import { orders } from '../../db/schema/index.js'
import type { Mailer } from '../../lib/mailer.js'
import { createOrderMails } from './orders.mails.js'
import type { OrderWithLines } from './orders.queries.js'

const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db

describe('the buyer’s order e-mails', () => {
  test('placed: the lines, the total and the link to pay, in a text and an HTML part', async () => {
    const app = testApp.current
    const buyer = await createUser(app, { name: 'Karim Ahmed' })
    const orderId = await placeOrder(app, db(), buyer, {
      name: 'Hex bolt M8',
      priceCents: 1999,
      quantity: 3,
    })

    const mails = await orderMailsTo(app, buyer.email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    // The order is named by its number.
    const number = await orderNumberOf(db(), orderId)
    expect(number).toMatch(/^TW-\d{5,}$/)
    expect(mail?.subject).toBe(`Your Toolworks order ${number}`)
    const payLink = `http://localhost:3000/dashboard/payment/${orderId}`
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain('Hello Karim Ahmed,')
      expect(part).toContain('Hex bolt M8: 3 × $19.99 = $59.97')
      expect(part).toContain('Total: $59.97')
      expect(part).toContain(payLink)
    }
    expect(mail?.text).toContain(`Pay for the order: ${payLink}`)
    expect(mail?.html).toContain(`<a href="${payLink}">Pay for the order</a>`)
  })

  test('paid: one receipt with the transaction id, the discount and the invoice number, even when the payment is confirmed twice', async () => {
    const app = testApp.current
    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_000 })
    const buyer = await createUser(app, { verified: true })
    const orderId = await placeOrder(app, db(), buyer, {
      name: 'Pipe wrench 14"',
      priceCents: 2000,
      quantity: 2,
    })
    const intent = await openPaymentPage(app, buyer, orderId)
    expect((await confirmCard(app, intent.clientSecret)).statusCode).toBe(200)

    // The client confirms twice at once, then once more (a retry): one transition to paid.
    const answers = await Promise.all([
      markPaid(app, buyer, orderId, intent.paymentIntentId),
      markPaid(app, buyer, orderId, intent.paymentIntentId),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect((await markPaid(app, buyer, orderId, intent.paymentIntentId)).statusCode).toBe(200)

    const receipts = (await orderMailsTo(app, buyer.email)).filter((m) =>
      m.subject.startsWith('Receipt'),
    )
    expect(receipts).toHaveLength(1)
    const [receipt] = receipts
    expect(receipt?.subject).toBe('Receipt for your Toolworks order (INV-000001)')
    const label = messages.promotions.firstOrderLabel(50)
    for (const part of [receipt?.text, receipt?.html]) {
      expect(part).toContain(`Transaction ID: ${intent.paymentIntentId}`)
      expect(part).toContain('Invoice number: INV-000001')
      expect(part).toContain('2 × $20.00 = $40.00')
      expect(part).toContain(`Discount (${label}): −$20.00`)
      expect(part).toContain('Total: $20.00')
    }
    expect(receipt?.text).toContain('Pipe wrench 14"')
    expect(receipt?.html).toContain('Pipe wrench 14&quot;')
  })

  test('shipped: the buyer hears when an admin ships the order', async ({ onTestFinished }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const buyer = await createUser(app)
    const orderId = await placeOrder(app, db(), buyer, { name: 'Bench vise', quantity: 1 })
    await payOrder(app, buyer, orderId)
    expect(await orderMailsTo(app, buyer.email)).toHaveLength(2)

    const shipped = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}/status`,
      headers: bearer(admin),
      payload: { status: 'shipped' },
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    // Shipping again is refused and sends nothing more.
    const again = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}/status`,
      headers: bearer(admin),
      payload: { status: 'shipped' },
    })
    expect(again.statusCode).toBe(409)

    const mails = await orderMailsTo(app, buyer.email)
    const number = await orderNumberOf(db(), orderId)
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Toolworks order ${number}`,
      'Receipt for your Toolworks order (INV-000001)',
      `Your Toolworks order ${number} has shipped`,
    ])
    for (const mail of mails) expect(mail.text).toContain(`Order: ${number}`)
    expect(mails[2]?.text).toContain('Your order is on its way.')
    expect(mails[2]?.text).toContain('Bench vise: 1 × $19.99 = $19.99')
    expect(mails[2]?.html).toContain('<li>Bench vise: 1 × $19.99 = $19.99</li>')
  })

  test('names are escaped in the HTML part and kept as typed in the text part', async () => {
    const app = testApp.current
    const buyer = await createUser(app, { name: '<b>Rahim & Sons</b>' })
    await placeOrder(app, db(), buyer, { name: '<img src=x onerror=alert(1)> Clamp' })

    const [mail] = await orderMailsTo(app, buyer.email)
    expect(mail?.text).toContain('Hello <b>Rahim & Sons</b>,')
    expect(mail?.text).toContain('<img src=x onerror=alert(1)> Clamp: 3 ×')
    expect(mail?.html).toContain('Hello &lt;b&gt;Rahim &amp; Sons&lt;/b&gt;,')
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; Clamp: 3 ×')
    expect(mail?.html).not.toContain('<b>')
    expect(mail?.html).not.toContain('<img')
  })

  test('a mailer that fails does not fail the order or its payment', async ({ onTestFinished }) => {
    // Nothing listens on port 9: every send fails.
    const app = await buildTestApp(database.current, onTestFinished, {
      smtpUrl: 'smtp://127.0.0.1:9',
    })
    const buyer = await createUser(app)
    const orderId = await placeOrder(app, db(), buyer)
    const transactionId = await payOrder(app, buyer, orderId)

    const [row] = await db().select().from(orders).where(eq(orders.id, orderId))
    expect(row).toMatchObject({ status: 'paid', paid: true, transactionId, invoiceNumber: 1 })
  })

  test('a failed send is logged with the order and never thrown', async () => {
    const send = vi.fn<Mailer['send']>(async () => Promise.reject(new Error('smtp down')))
    const mailer: Mailer = { send }
    const log = { error: vi.fn() }
    const mails = createOrderMails({ mailer, publicUrl: 'https://shop.example', log })
    const order = {
      id: 'order-1',
      orderNumber: 10001,
      customerName: 'A',
      customerEmail: 'a@example.com',
      lines: [],
      discountCents: 0,
      totalCents: 100,
      invoiceNumber: 7,
      transactionId: 'pi_1',
      currency: 'USD',
      country: 'BD',
      vatRate: 15,
      vatCents: 13,
    } as unknown as OrderWithLines
    await expect(mails.paid(order)).resolves.toBeUndefined()
    expect(send).toHaveBeenCalledOnce()
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ what: 'order paid', orderId: 'order-1' }),
      expect.any(String),
    )
  })
})
