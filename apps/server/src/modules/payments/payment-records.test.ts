import { messages, OrderPaymentsResponseSchema, refundTransId } from '@toolworks/shared'
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { confirmCard, markPaid } from '../../../test/invoices.js'
import { openPaymentPage, purchase } from '../../../test/orders.js'
import { clickOnGatewayPage, useSslcommerzShop } from '../../../test/sslcommerz.js'
import type { App } from '../../app.js'
import { auditLog, orders, paymentAttempts, payments, refunds } from '../../db/schema/index.js'

/**
 * Payments and refunds as records: every amount received is a payment row, every refund a row
 * written before its provider is called, and a replayed notification or form finds the row and
 * calls nothing. Through the shop's routes, with the SSLCommerz stand-in over real HTTP and the
 * sandbox card provider.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const shop = useSslcommerzShop(database, { adminEmails: [adminEmail] })

type Placed = { app: App; buyer: TestUser; id: string }

async function placed(): Promise<Placed> {
  const { app } = shop.current
  const buyer = await createUser(app, { verified: true })
  const tool = await insertTool(database.current.db, { priceCents: 2500, quantity: 50 })
  const res = await purchase(app, buyer, tool.id, 2)
  expect(res.statusCode, res.body).toBe(201)
  return { app, buyer, id: res.json<{ insertedId: string }>().insertedId }
}

let adminUser: Promise<TestUser> | undefined
beforeEach(() => {
  adminUser = undefined
  // One stand-in gateway serves the whole file: its refunds pay back at once unless a test says.
  shop.current.gateway.refundStatus = 'refunded'
})
/** The refunds the gateway made since `from` (its list spans the file). */
const gatewayRefundsSince = (from: number) => shop.current.gateway.refunds.slice(from)
const admin = () => (adminUser ??= createUser(shop.current.app, { email: adminEmail }))

async function payBySslcommerz(o: Placed) {
  const res = await o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/payment`,
    headers: bearer(o.buyer),
    payload: { method: 'sslcommerz' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return clickOnGatewayPage(res.json<{ redirectUrl: string }>().redirectUrl, 'Pay')
}

const rowsOf = async (id: string) => {
  const { db } = database.current
  return {
    order: (await db.select().from(orders).where(eq(orders.id, id)))[0],
    payments: await db.select().from(payments).where(eq(payments.orderId, id)),
    refunds: await db.select().from(refunds).where(eq(refunds.orderId, id)),
    audit: await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.kind, 'order.payment'))),
  }
}

const paymentsView = async (o: Placed, user: TestUser) => {
  const res = await o.app.inject({
    method: 'GET',
    url: `/api/purchase/${o.id}/payments`,
    headers: bearer(user),
  })
  expect(res.statusCode, res.body).toBe(200)
  return OrderPaymentsResponseSchema.parse(res.json())
}

describe('a payment is a row of its own', () => {
  test('a gateway payment writes one payment row, however many times its IPN arrives; the buyer and admins read it', async () => {
    const o = await placed()
    await payBySslcommerz(o)
    const ipn = shop.current.gateway.ipns.at(-1)
    if (!ipn) throw new Error('no IPN')
    // The same IPN again: the row is found, not written twice.
    const again = await o.app.inject({
      method: 'POST',
      url: new URL(ipn.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(ipn.fields).toString(),
    })
    expect(again.statusCode).toBe(200)

    const { order, payments: rows } = await rowsOf(o.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      provider: 'sslcommerz',
      method: 'sslcommerz',
      amountCents: order?.totalCents,
      currency: order?.currency,
      state: 'received',
      providerRef: order?.transactionId,
    })
    const mine = await paymentsView(o, o.buyer)
    expect(mine.payments).toEqual([
      expect.objectContaining({
        id: rows[0]?.id,
        method: 'sslcommerz',
        amount: 50,
        state: 'received',
        providerRef: order?.transactionId,
      }),
    ])
    expect(mine.refunds).toEqual([])
    expect(await paymentsView(o, await admin())).toEqual(mine)
  })
})

describe('a second payment for a paid order', () => {
  test('is recorded and refunded through the provider that took it; the buyer is told the truth, and a replay refunds nothing more', async () => {
    const o = await placed()
    // Two tabs: the card form opened in one, SSLCommerz paid in the other.
    const intent = await openPaymentPage(o.app, o.buyer, o.id)
    await payBySslcommerz(o)
    const paidFirst = (await rowsOf(o.id)).order
    expect(paidFirst).toMatchObject({ paid: true, paymentMethod: 'sslcommerz' })

    const refund = vi.spyOn(o.app.services.payments, 'refund')
    expect((await confirmCard(o.app, intent.clientSecret)).statusCode).toBe(200)
    const second = await markPaid(o.app, o.buyer, o.id, intent.paymentIntentId)
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ error: { message: messages.paymentRules.notNeeded } })
    expect(second.body).not.toMatch(/failed/i)

    const after = await rowsOf(o.id)
    // The order is still paid by the first payment: nothing about it moved.
    expect(after.order).toMatchObject({
      paid: true,
      paymentState: 'paid',
      transactionId: paidFirst?.transactionId,
      invoiceNumber: paidFirst?.invoiceNumber,
    })
    const card = after.payments.find((p) => p.provider === 'sandbox')
    expect(card).toMatchObject({ providerPaymentId: intent.paymentIntentId, state: 'refunded' })
    expect(after.refunds).toEqual([
      expect.objectContaining({ paymentId: card?.id, reason: 'duplicate', state: 'done' }),
    ])
    expect(refund).toHaveBeenCalledTimes(1)
    expect(refund.mock.calls[0]).toEqual([
      {
        paymentIntentId: intent.paymentIntentId,
        idempotencyKey: refundTransId(after.refunds[0]?.id ?? ''),
      },
      'sandbox',
    ])
    const summaries = after.audit.map((e) => e.summary)
    expect(summaries.filter((s) => s.includes('was not needed'))).toHaveLength(1)
    expect(summaries.filter((s) => s.includes('provider refunded'))).toHaveLength(1)

    // The browser asks again (a reload, a double click): the row is found, nothing is called.
    const replay = await markPaid(o.app, o.buyer, o.id, intent.paymentIntentId)
    expect(replay.statusCode).toBe(409)
    expect(refund).toHaveBeenCalledTimes(1)
    expect((await rowsOf(o.id)).refunds).toHaveLength(1)

    const view = await paymentsView(o, o.buyer)
    expect(view.payments.map((p) => [p.method, p.state])).toEqual([
      ['sslcommerz', 'received'],
      ['card', 'refunded'],
    ])
    expect(view.refunds).toEqual([
      expect.objectContaining({
        payment: card?.id,
        reason: 'duplicate',
        state: 'done',
        amount: 50,
      }),
    ])
  })
})

describe('refunds are decided before they are sent', () => {
  test("an admin's cancel writes the refund row, the gateway is called once, and a replayed cancel calls nothing", async () => {
    const o = await placed()
    await payBySslcommerz(o)
    const refund = vi.spyOn(o.app.services.payments, 'refund')
    const cancel = () =>
      admin().then((a) =>
        o.app.inject({
          method: 'POST',
          url: `/api/purchase/${o.id}/cancel`,
          headers: bearer(a),
          payload: { reason: 'Buyer asked by phone' },
        }),
      )
    expect((await cancel()).statusCode).toBe(200)
    expect((await cancel()).statusCode).toBe(409)
    expect(refund).toHaveBeenCalledTimes(1)

    const { refunds: rows, payments: paid } = await rowsOf(o.id)
    expect(rows).toEqual([
      expect.objectContaining({
        reason: 'admin-cancel',
        state: 'done',
        providerRefundId: shop.current.gateway.refunds.at(-1)?.refundRefId,
      }),
    ])
    expect(paid[0]?.state).toBe('refunded')
    expect(rows[0]?.requestedBy).not.toBeNull()
  })

  test('a refund the provider refuses stays a failed row for an admin, and the order stays cancelled', async () => {
    const o = await placed()
    await payBySslcommerz(o)
    vi.spyOn(o.app.services.payments, 'refund').mockRejectedValueOnce(
      new Error('refund refused: Invalid bank transaction ID'),
    )
    const res = await o.app.inject({
      method: 'POST',
      url: `/api/purchase/${o.id}/cancel`,
      headers: bearer(await admin()),
      payload: { reason: 'Out of stock after all' },
    })
    expect(res.statusCode).toBe(200)
    const { order, refunds: rows, payments: paid } = await rowsOf(o.id)
    expect(order?.status).toBe('cancelled')
    expect(rows).toEqual([
      expect.objectContaining({
        state: 'failed',
        failure: 'refund refused: Invalid bank transaction ID',
      }),
    ])
    expect(paid[0]?.state).toBe('received')
    expect(await o.app.services.paymentRecords.counts()).toEqual({ toRefund: 1, due: 0 })

    // Asked again, the same refund (same id) goes through and the row is done.
    const retried = await o.app.services.refunds.retry(rows[0]?.id ?? '')
    expect(retried).toMatchObject({ state: 'done' })
    expect(await o.app.services.paymentRecords.counts()).toEqual({ toRefund: 0, due: 0 })
  })
})

describe('refunds the sweeper finishes', () => {
  const later = () => new Date(Date.now() + 10 * 60_000)

  test('a refund decided but never sent (the process stopped) is sent once, with its own id', async () => {
    const o = await placed()
    await payBySslcommerz(o)
    const { app } = o
    const [payment] = (await rowsOf(o.id)).payments
    if (!payment) throw new Error('no payment row')
    // The transaction that decided it committed; the call never happened.
    const decided = await database.current.db.transaction((tx) =>
      app.services.paymentRecords.requestRefund(tx, payment, 'admin-cancel', {
        byHand: false,
        requestedBy: null,
      }),
    )
    expect(decided.row.state).toBe('requested')
    const from = shop.current.gateway.refunds.length
    // Not yet stale: left alone.
    expect(await app.services.refunds.sweep(new Date())).toBe(0)
    expect(gatewayRefundsSince(from)).toHaveLength(0)

    expect(await app.services.refunds.sweep(later())).toBe(1)
    expect(await app.services.refunds.sweep(later())).toBe(0)
    const made = gatewayRefundsSince(from)
    expect(made).toEqual([
      expect.objectContaining({ refundTransId: refundTransId(decided.row.id) }),
    ])
    expect((await rowsOf(o.id)).refunds).toEqual([
      expect.objectContaining({ state: 'done', providerRefundId: made[0]?.refundRefId }),
    ])
  })

  test('a gateway refund still processing stays requested and is asked again until it is refunded', async () => {
    const o = await placed()
    await payBySslcommerz(o)
    const from = shop.current.gateway.refunds.length
    shop.current.gateway.refundStatus = 'processing'
    const res = await o.app.inject({
      method: 'POST',
      url: `/api/purchase/${o.id}/cancel`,
      headers: bearer(await admin()),
      payload: { reason: 'Wrong part ordered' },
    })
    expect(res.statusCode).toBe(200)
    const [started] = (await rowsOf(o.id)).refunds
    expect(started).toMatchObject({ state: 'requested' })
    expect(started?.providerRefundId).toBe(gatewayRefundsSince(from)[0]?.refundRefId)
    expect(await o.app.services.paymentRecords.counts()).toEqual({ toRefund: 1, due: 0 })

    // Asked while still processing: nothing moves, and nothing is refunded twice.
    await o.app.services.refunds.sweep(later())
    expect((await rowsOf(o.id)).refunds[0]?.state).toBe('requested')
    shop.current.gateway.refundStatus = 'refunded'
    await o.app.services.refunds.sweep(later())
    const after = await rowsOf(o.id)
    expect(after.refunds[0]).toMatchObject({ state: 'done' })
    expect(after.payments[0]?.state).toBe('refunded')
    expect(gatewayRefundsSince(from)).toHaveLength(1)
    expect(await o.app.services.paymentRecords.counts()).toEqual({ toRefund: 0, due: 0 })
  })
})

describe('one gateway session at a time', () => {
  const start = (o: Placed) =>
    o.app.inject({
      method: 'POST',
      url: `/api/purchase/${o.id}/payment`,
      headers: bearer(o.buyer),
      payload: { method: 'sslcommerz' },
    })

  test('a second start while the first session is open goes back to its page; once the gateway answered, a new one opens', async () => {
    const o = await placed()
    const first = await start(o)
    const again = await start(o)
    expect(first.statusCode, first.body).toBe(200)
    expect(again.json()).toEqual(first.json())
    const attemptsOf = () =>
      database.current.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, o.id))
    expect(await attemptsOf()).toHaveLength(1)

    // The buyer cancels on the gateway's page: that session is over, the next start is new.
    await clickOnGatewayPage(first.json<{ redirectUrl: string }>().redirectUrl, 'Cancel')
    const third = await start(o)
    expect(third.json<{ redirectUrl: string }>().redirectUrl).not.toBe(
      first.json<{ redirectUrl: string }>().redirectUrl,
    )
    expect(await attemptsOf()).toHaveLength(2)
  })
})
