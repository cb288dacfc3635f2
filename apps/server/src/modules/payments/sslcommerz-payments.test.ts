import { PaymentMethodsResponseSchema, paymentReference } from '@toolworks/shared'
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { mailsTo, payOrder, pdfText } from '../../../test/invoices.js'
import { cancel, purchase, stockOf } from '../../../test/orders.js'
import {
  clickOnGatewayPage,
  postForm,
  STORE,
  TEST_BANK,
  useSslcommerzShop,
} from '../../../test/sslcommerz.js'
import type { App } from '../../app.js'
import { auditLog, orders, paymentAttempts } from '../../db/schema/index.js'
import { signNotification } from './sslcommerz/sslcommerz-protocol.js'
import { SSLCOMMERZ_CALLBACKS } from './sslcommerz/sslcommerz-provider.js'

/**
 * Getting paid through SSLCommerz and by bank transfer, through the shop's own
 * routes, with the stand-in gateway over real HTTP: its IPNs reach the listening shop. Each
 * rule of the "Rules the server keeps" is a test here.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
// A short gateway timeout, so "does not answer in 10 s" is proven without waiting 10 s.
const shop = useSslcommerzShop(database, { adminEmails: [adminEmail] }, { timeoutMs: 1_500 })

type Placed = { app: App; buyer: TestUser; id: string; toolId: string }

async function placed(quantity = 3, priceCents = 1999): Promise<Placed> {
  const { app } = shop.current
  const buyer = await createUser(app, { verified: true })
  const tool = await insertTool(database.current.db, { priceCents, quantity: 50 })
  const res = await purchase(app, buyer, tool.id, quantity)
  expect(res.statusCode, res.body).toBe(201)
  return { app, buyer, id: res.json<{ insertedId: string }>().insertedId, toolId: tool.id }
}

// One admin per test (the tables start empty for each).
let adminUser: Promise<TestUser> | undefined
beforeEach(() => {
  adminUser = undefined
})
const admin = () => (adminUser ??= createUser(shop.current.app, { email: adminEmail }))

const pay = (o: Placed, method: 'sslcommerz' | 'bank-transfer', user = o.buyer) =>
  o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/payment`,
    headers: bearer(user),
    payload: { method },
  })

async function redirectOf(o: Placed): Promise<string> {
  const res = await pay(o, 'sslcommerz')
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ redirectUrl: string }>().redirectUrl
}

async function row(id: string) {
  const [found] = await database.current.db.select().from(orders).where(eq(orders.id, id))
  if (!found) throw new Error(`no order ${id}`)
  return found
}

const paymentAudit = (id: string) =>
  database.current.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, id), eq(auditLog.kind, 'order.payment')))

const paidMails = async (o: Placed) =>
  (await mailsTo(o.app, o.buyer.email)).filter((m) => /paid|receipt|invoice/i.test(m.subject))

const adminPost = async (o: Placed, path: string, payload: object) =>
  o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/${path}`,
    headers: bearer(await admin()),
    payload,
  })

/** The IPN the gateway sent last, as it sent it. */
const lastIpn = () => {
  const ipn = shop.current.gateway.ipns.at(-1)
  if (!ipn) throw new Error('no IPN sent')
  return ipn
}

describe('the methods the shop offers', () => {
  test('GET /api/payment-methods lists SSLCommerz, bank transfer and card, in that order', async () => {
    const res = await shop.current.app.inject({ method: 'GET', url: '/api/payment-methods' })
    expect(res.statusCode).toBe(200)
    expect(PaymentMethodsResponseSchema.parse(res.json())).toEqual([
      { id: 'sslcommerz', label: 'bKash, Nagad, cards and internet banking (SSLCommerz)' },
      { id: 'bank-transfer', label: 'Bank transfer' },
      { id: 'card', label: 'Card' },
    ])
  })

  test('an unknown method is a 400 with a clear message, and cards keep their own route', async () => {
    const o = await placed()
    const res = await o.app.inject({
      method: 'POST',
      url: `/api/purchase/${o.id}/payment`,
      headers: bearer(o.buyer),
      payload: { method: 'card' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('/api/create-payment-intent')
  })
})

describe('paying through SSLCommerz', () => {
  test('Pay: the validated IPN makes the order paid once, with its bank_tran_id, invoice, e-mail and audit row; the return shows it', async () => {
    const o = await placed()
    const url = await redirectOf(o)
    const attempt = (await row(o.id)).paymentIntentId ?? ''
    expect(attempt.length).toBeLessThanOrEqual(30)
    const back = await clickOnGatewayPage(url, 'Pay')
    expect(lastIpn().status).toBe(200)

    const paid = await row(o.id)
    expect(paid).toMatchObject({
      paid: true,
      status: 'paid',
      paymentMethod: 'sslcommerz',
      paymentState: 'paid',
      paymentProvider: 'sslcommerz',
    })
    expect(paid.transactionId).toBe(back.returnFields.bank_tran_id)
    expect(paid.invoiceNumber).not.toBeNull()

    const returned = await postForm(o.app, new URL(back.returnAction).pathname, back.returnFields)
    expect(returned.statusCode).toBe(303)
    expect(returned.headers.location).toBe(`/dashboard/myorder?payment=received&order=${o.id}`)
    expect(await paidMails(o)).toHaveLength(1)
    const audit = await paymentAudit(o.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]?.after).toMatchObject({
      method: 'sslcommerz',
      transactionId: paid.transactionId,
      paymentId: back.returnFields.val_id,
      tranId: back.returnFields.tran_id,
    })
    // The order view carries the new fields beside the seed's.
    const view = await o.app.inject({
      method: 'GET',
      url: `/api/purchase/${o.id}`,
      headers: bearer(o.buyer),
    })
    expect(view.json()).toMatchObject({
      paid: true,
      transactionId: paid.transactionId,
      paymentMethod: 'sslcommerz',
      paymentState: 'paid',
    })
  })

  test('the return may come before the IPN: paid once either way', async () => {
    const o = await placed()
    shop.current.gateway.holdIpns = true
    const back = await clickOnGatewayPage(await redirectOf(o), 'Pay')
    const returned = await postForm(o.app, SSLCOMMERZ_CALLBACKS.success, back.returnFields)
    expect(returned.headers.location).toBe(`/dashboard/myorder?payment=received&order=${o.id}`)
    expect((await row(o.id)).paid).toBe(true)
    await shop.current.gateway.sendHeldIpns()
    expect(lastIpn().status).toBe(200)
    const after = await row(o.id)
    expect(after.paymentState).toBe('paid')
    expect(await paidMails(o)).toHaveLength(1)
    expect(await paymentAudit(o.id)).toHaveLength(1)
  })

  test('ten copies of one IPN at once give one payment, one invoice number and one e-mail', async () => {
    const o = await placed()
    shop.current.gateway.holdIpns = true
    await clickOnGatewayPage(await redirectOf(o), 'Pay')
    await shop.current.gateway.sendHeldIpns()
    const { fields } = lastIpn()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postForm(o.app, SSLCOMMERZ_CALLBACKS.ipn, fields)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect((await row(o.id)).paid).toBe(true)
    expect(await paidMails(o)).toHaveLength(1)
    expect(await paymentAudit(o.id)).toHaveLength(1)
  })

  test('the IPN, the return and their replays within a minute cost one call to the validation API', async () => {
    const o = await placed()
    shop.current.gateway.holdIpns = true
    const back = await clickOnGatewayPage(await redirectOf(o), 'Pay')
    await shop.current.gateway.sendHeldIpns()
    const { fields } = lastIpn()
    const valId = fields.val_id ?? ''
    expect(valId).not.toBe('')
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => postForm(o.app, SSLCOMMERZ_CALLBACKS.ipn, fields)),
    )
    expect(replays.map((r) => r.statusCode)).toEqual(Array(5).fill(200))
    const returned = await postForm(o.app, SSLCOMMERZ_CALLBACKS.success, back.returnFields)
    expect(returned.headers.location).toBe(`/dashboard/myorder?payment=received&order=${o.id}`)
    expect(shop.current.gateway.validations.filter((v) => v === valId)).toHaveLength(1)
    expect((await row(o.id)).paid).toBe(true)
    expect(await paymentAudit(o.id)).toHaveLength(1)
  })

  test('a notification whose signature does not check out is a 400 and changes nothing', async () => {
    const o = await placed()
    shop.current.gateway.holdIpns = true
    // The browser's return carries the IPN's signed fields: alter one, or drop the signature.
    const back = await clickOnGatewayPage(await redirectOf(o), 'Pay')
    const forged = { ...back.returnFields, amount: '1.00' }
    expect((await postForm(o.app, SSLCOMMERZ_CALLBACKS.ipn, forged)).statusCode).toBe(400)
    const { verify_sign: _dropped, ...unsigned } = back.returnFields
    expect((await postForm(o.app, SSLCOMMERZ_CALLBACKS.ipn, unsigned)).statusCode).toBe(400)
    expect(await row(o.id)).toMatchObject({ paid: false, paymentState: 'unpaid' })
    // A forged return changes nothing either; the buyer is told it is being confirmed.
    const returned = await postForm(o.app, SSLCOMMERZ_CALLBACKS.success, forged)
    expect(returned.headers.location).toBe('/dashboard/myorder?payment=pending')
    expect((await row(o.id)).paid).toBe(false)
  })

  test('a validation that reports another amount leaves the order unpaid, with an audit row of what differed', async () => {
    const o = await placed()
    shop.current.gateway.tamperedAmount = '0.97'
    const back = await clickOnGatewayPage(await redirectOf(o), 'Pay')
    expect(lastIpn().status).toBe(200)
    expect(await row(o.id)).toMatchObject({ paid: false, paymentState: 'unpaid' })
    const [audit] = await paymentAudit(o.id)
    expect(audit?.summary).toContain('amount')
    expect(audit?.after).toMatchObject({
      differed: [{ field: 'amount', expected: '59.97', actual: '0.97' }],
    })
    const returned = await postForm(o.app, SSLCOMMERZ_CALLBACKS.success, back.returnFields)
    expect(returned.headers.location).toBe(`/dashboard/myorder?payment=failed&order=${o.id}`)
  })

  test('a validation in another currency than the attempt leaves the order unpaid', async () => {
    const o = await placed()
    shop.current.gateway.holdIpns = true
    const back = await clickOnGatewayPage(await redirectOf(o), 'Pay')
    await database.current.db
      .update(paymentAttempts)
      .set({ currency: 'eur' })
      .where(eq(paymentAttempts.tranId, back.returnFields.tran_id ?? ''))
    await shop.current.gateway.sendHeldIpns()
    expect(lastIpn().status).toBe(200)
    expect((await row(o.id)).paid).toBe(false)
    const [audit] = await paymentAudit(o.id)
    expect(audit?.after).toMatchObject({
      differed: [expect.objectContaining({ field: 'currency', expected: 'EUR' })],
    })
  })

  test("one buyer's payment cannot pay another's order: a signed notice naming B's attempt with A's val_id is refused", async () => {
    const a = await placed()
    const b = await placed()
    const aBack = await clickOnGatewayPage(await redirectOf(a), 'Pay')
    expect((await row(a.id)).paid).toBe(true)
    await redirectOf(b)
    const bTran = (await row(b.id)).paymentIntentId ?? ''
    // Correctly signed (as by someone who had the store password), but the val_id is A's.
    const claim = signNotification({ ...aBack.returnFields, tran_id: bTran }, STORE.storePassword)
    const res = await postForm(b.app, SSLCOMMERZ_CALLBACKS.ipn, claim)
    expect(res.statusCode).toBe(200)
    expect((await row(b.id)).paid).toBe(false)
    const [audit] = await paymentAudit(b.id)
    expect(audit?.after).toMatchObject({
      differed: [expect.objectContaining({ field: 'tran_id' })],
    })
    // Nor can B start a payment on A's order: it is not B's.
    expect((await pay(a, 'sslcommerz', b.buyer)).statusCode).toBe(404)
  })

  test('Fail and Cancel change nothing and send the buyer to My Orders with the outcome', async () => {
    const o = await placed()
    const failed = await clickOnGatewayPage(await redirectOf(o), 'Fail')
    const f = await postForm(o.app, new URL(failed.returnAction).pathname, failed.returnFields)
    expect(f.headers.location).toBe(`/dashboard/myorder?payment=failed&order=${o.id}`)
    const cancelled = await clickOnGatewayPage(await redirectOf(o), 'Cancel')
    const c = await postForm(
      o.app,
      new URL(cancelled.returnAction).pathname,
      cancelled.returnFields,
    )
    expect(c.headers.location).toBe(`/dashboard/myorder?payment=cancelled&order=${o.id}`)
    expect(await row(o.id)).toMatchObject({ paid: false, status: 'unpaid', paymentState: 'unpaid' })
    // Every attempt had its own tran_id.
    const attempts = await database.current.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, o.id))
    expect(new Set(attempts.map((t) => t.tranId)).size).toBe(2)
    expect(attempts.map((t) => t.outcome).sort()).toEqual(['CANCELLED', 'FAILED'])
  })

  test('a gateway that does not answer in time is a clear "try again"; nothing is marked and the stock stays held', async () => {
    const o = await placed()
    const before = await row(o.id)
    shop.current.gateway.answerDelayMs = 5_000
    const res = await pay(o, 'sslcommerz')
    expect(res.statusCode).toBe(503)
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/try again/)
    const after = await row(o.id)
    expect(after).toMatchObject({ status: 'unpaid', paid: false, paymentMethod: null })
    expect(after.paymentIntentId).toBeNull()
    expect(after.holdUntil?.getTime()).toBeGreaterThanOrEqual(before.holdUntil?.getTime() ?? 0)
    expect(await stockOf(database.current.db, o.toolId)).toBe(47)
  })
})

describe('a payment SSLCommerz flags as risky', () => {
  test('waits for review, never expires, and an admin accepts it: paid with its invoice and e-mail', async () => {
    const o = await placed()
    shop.current.gateway.riskLevel = '1'
    const back = await clickOnGatewayPage(await redirectOf(o), 'Pay')
    expect(await row(o.id)).toMatchObject({ paid: false, paymentState: 'under-review' })
    const returned = await postForm(o.app, SSLCOMMERZ_CALLBACKS.success, back.returnFields)
    expect(returned.headers.location).toBe(`/dashboard/myorder?payment=under-review&order=${o.id}`)
    // The buyer cannot pay it a second time meanwhile.
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(409)

    await database.current.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, o.id))
    await o.app.services.orderSweeper.sweep()
    expect((await row(o.id)).status).toBe('unpaid')

    const accepted = await adminPost(o, 'review', { decision: 'accept' })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({
      paid: true,
      paymentState: 'paid',
      transactionId: back.returnFields.bank_tran_id,
    })
    expect((await row(o.id)).invoiceNumber).not.toBeNull()
    expect(await paidMails(o)).toHaveLength(1)
    expect((await adminPost(o, 'review', { decision: 'accept' })).statusCode).toBe(409)
  })

  test('an admin refunds it: cancelled, stock back, refunded at the gateway, the buyer told', async () => {
    const o = await placed()
    shop.current.gateway.riskLevel = '1'
    await clickOnGatewayPage(await redirectOf(o), 'Pay')
    const refunds = shop.current.gateway.refunds.length
    const res = await adminPost(o, 'review', { decision: 'refund' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentState: 'refunded', paid: false })
    expect(shop.current.gateway.refunds).toHaveLength(refunds + 1)
    expect((await row(o.id)).refundId).toBe(shop.current.gateway.refunds.at(-1)?.refundRefId)
    expect(await stockOf(database.current.db, o.toolId)).toBe(50)
    const mails = await mailsTo(o.app, o.buyer.email)
    expect(mails.some((m) => /refund/i.test(m.subject))).toBe(true)
  })
})

describe('paying by bank transfer', () => {
  test('the order awaits the transfer for BANK_TRANSFER_HOLD_DAYS, with a proforma only its owner and admins read', async () => {
    const o = await placed()
    const res = await pay(o, 'bank-transfer')
    expect(res.statusCode, res.body).toBe(200)
    const reference = paymentReference(o.id)
    expect(res.json()).toEqual({ reference, proformaUrl: `/api/purchase/${o.id}/proforma.pdf` })
    const awaiting = await row(o.id)
    expect(awaiting).toMatchObject({
      paymentState: 'awaiting-transfer',
      paymentMethod: 'bank-transfer',
    })
    const days = ((awaiting.holdUntil?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)

    const pdf = await o.app.inject({
      method: 'GET',
      url: `/api/purchase/${o.id}/proforma.pdf`,
      headers: bearer(o.buyer),
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(pdf.rawPayload)
    for (const detail of Object.values(TEST_BANK)) expect(text).toContain(detail)
    expect(text).toContain(reference)
    expect(text).toContain('59.97')
    const stranger = await createUser(o.app)
    const refused = await o.app.inject({
      method: 'GET',
      url: `/api/purchase/${o.id}/proforma.pdf`,
      headers: bearer(stranger),
    })
    expect(refused.statusCode).toBe(404)
    const byAdmin = await o.app.inject({
      method: 'GET',
      url: `/api/purchase/${o.id}/proforma.pdf`,
      headers: bearer(await admin()),
    })
    expect(byAdmin.statusCode).toBe(200)
  })

  test('Mark received needs the amount due; then the order is paid as a card payment is', async () => {
    const o = await placed()
    await pay(o, 'bank-transfer')
    const body = { reference: 'DBBL-TT-20261127-001', amount: 59.96, receivedOn: '2026-11-27' }
    const wrong = await adminPost(o, 'mark-received', body)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('must equal what is due ($59.97)')
    expect(await row(o.id)).toMatchObject({ paid: false, paymentState: 'awaiting-transfer' })

    const right = await adminPost(o, 'mark-received', { ...body, amount: 59.97 })
    expect(right.statusCode, right.body).toBe(200)
    expect(right.json()).toMatchObject({
      paid: true,
      status: 'paid',
      paymentMethod: 'bank-transfer',
      paymentState: 'paid',
      transactionId: body.reference,
    })
    expect((await row(o.id)).invoiceNumber).not.toBeNull()
    expect(await paidMails(o)).toHaveLength(1)
    const [audit] = await paymentAudit(o.id)
    expect(audit).toMatchObject({ actorEmail: adminEmail })
    expect(audit?.after).toMatchObject({ receivedOn: '2026-11-27', method: 'bank-transfer' })
    // Not twice, and the same bank reference cannot pay another order.
    expect((await adminPost(o, 'mark-received', { ...body, amount: 59.97 })).statusCode).toBe(409)
    const other = await placed()
    await pay(other, 'bank-transfer')
    const reused = await adminPost(other, 'mark-received', { ...body, amount: 59.97 })
    expect(reused.statusCode).toBe(409)
    expect(reused.body).toContain('already paid another order')
  })

  test('the buyer may switch to SSLCommerz while the transfer is awaited', async () => {
    const o = await placed()
    await pay(o, 'bank-transfer')
    await clickOnGatewayPage(await redirectOf(o), 'Pay')
    expect(await row(o.id)).toMatchObject({ paid: true, paymentMethod: 'sslcommerz' })
  })

  test('an order awaiting a transfer expires after its longer hold; a transfer that still arrives is due back by hand', async () => {
    const o = await placed()
    await pay(o, 'bank-transfer')
    await o.app.services.orderSweeper.sweep()
    expect((await row(o.id)).status).toBe('unpaid')
    await database.current.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, o.id))
    await o.app.services.orderSweeper.sweep()
    expect(await row(o.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect(await stockOf(database.current.db, o.toolId)).toBe(50)
    // The stock is still there, so the late transfer makes the order live again.
    const late = await adminPost(o, 'mark-received', {
      reference: 'LATE-1',
      amount: 59.97,
      receivedOn: '2026-11-27',
    })
    expect(late.statusCode, late.body).toBe(200)
    expect(late.json()).toMatchObject({ status: 'paid', paymentState: 'paid' })
    expect(await stockOf(database.current.db, o.toolId)).toBe(47)
  })
})

describe('refunds go back the way the money came', () => {
  test('SSLCommerz: an admin cancels a paid order; the gateway refunds it and the stock returns', async () => {
    const o = await placed()
    await clickOnGatewayPage(await redirectOf(o), 'Pay')
    const refunds = shop.current.gateway.refunds.length
    const res = await adminPost(o, 'cancel', { reason: 'Customer changed their mind' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentState: 'refunded' })
    expect(shop.current.gateway.refunds).toHaveLength(refunds + 1)
    expect(await stockOf(database.current.db, o.toolId)).toBe(50)
    expect((await mailsTo(o.app, o.buyer.email)).some((m) => /refund/i.test(m.subject))).toBe(true)
    expect((await adminPost(o, 'cancel', { reason: 'again' })).statusCode).toBe(409)
    // The buyer still sees it in My Orders, refunded; an order they cancelled unpaid is gone.
    const second = await purchase(o.app, o.buyer, o.toolId, 1)
    const secondId = second.json<{ insertedId: string }>().insertedId
    expect((await cancel(o.app, o.buyer, secondId)).statusCode).toBe(200)
    const mine = await o.app.inject({
      method: 'GET',
      url: `/api/purchase?customer=${encodeURIComponent(o.buyer.email)}`,
      headers: bearer(o.buyer),
    })
    expect(mine.json<{ _id: string; paymentState: string }[]>()).toEqual([
      expect.objectContaining({ _id: o.id, status: 'cancelled', paymentState: 'refunded' }),
    ])
  })

  test('bank transfer: a Refund due record, closed with the outgoing reference', async () => {
    const o = await placed()
    await pay(o, 'bank-transfer')
    await adminPost(o, 'mark-received', {
      reference: 'IN-77',
      amount: 59.97,
      receivedOn: '2026-11-27',
    })
    const res = await adminPost(o, 'cancel', { reason: 'Out of stock at the warehouse' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentState: 'refund-due' })
    const sent = await adminPost(o, 'refund-sent', { reference: 'OUT-78' })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ paymentState: 'refunded' })
    expect((await row(o.id)).refundId).toBe('OUT-78')
    expect((await adminPost(o, 'refund-sent', { reference: 'OUT-79' })).statusCode).toBe(409)
    const subjects = (await mailsTo(o.app, o.buyer.email)).filter((m) => /refund/i.test(m.subject))
    expect(subjects).toHaveLength(2)
  })

  test('card: a sandbox refund; a shipped order cannot be cancelled', async () => {
    const o = await placed()
    const intent = await payOrder(o.app, o.buyer, o.id)
    expect((await row(o.id)).paymentState).toBe('paid')
    const res = await adminPost(o, 'cancel', { reason: 'Duplicate order' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await row(o.id)).refundId).toBe(`re_sandbox_${intent}`)

    const shipped = await placed()
    await payOrder(shipped.app, shipped.buyer, shipped.id)
    const a = await admin()
    await shipped.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${shipped.id}/status`,
      headers: bearer(a),
      payload: { status: 'shipped' },
    })
    const refused = await adminPost(shipped, 'cancel', { reason: 'Too late' })
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('A shipped order cannot be cancelled.')
  })

  test('only admins may mark received, review, cancel or close a refund', async () => {
    const o = await placed()
    for (const [path, body] of [
      ['mark-received', { reference: 'X', amount: 59.97, receivedOn: '2026-11-27' }],
      ['review', { decision: 'accept' }],
      ['cancel', { reason: 'x' }],
      ['refund-sent', { reference: 'X' }],
    ] as const) {
      const res = await o.app.inject({
        method: 'POST',
        url: `/api/purchase/${o.id}/${path}`,
        headers: bearer(o.buyer),
        payload: body,
      })
      expect(res.statusCode, path).toBe(403)
    }
  })
})
