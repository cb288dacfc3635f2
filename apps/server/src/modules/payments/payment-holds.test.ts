import {
  AWAITING_TRANSFER_ORDERS_MAX,
  messages,
  paymentMethodRules,
  PaymentMethodsResponseSchema,
  paymentReference,
} from '@toolworks/shared'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { cancel, purchase, stockOf } from '../../../test/orders.js'
import { clickOnGatewayPage, useSslcommerzShop } from '../../../test/sslcommerz.js'
import type { App } from '../../app.js'
import { auditLog, orders, paymentAttempts } from '../../db/schema/index.js'

/**
 * Holds and limits on payments: bank transfer for verified accounts only and for at most
 * AWAITING_TRANSFER_ORDERS_MAX orders at once, holds a payment start cannot stretch past the
 * account's class, no buyer's cancel while a payment is under review, the sweeper asking
 * SSLCommerz before an order with an open attempt expires, and a pasted statement line checked
 * against the order's payment reference. Through the shop's routes, with the stand-in gateway.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const shop = useSslcommerzShop(database, { adminEmails: [adminEmail] }, { timeoutMs: 1_500 })
afterEach(() => shop.current.gateway.down.clear())

type Placed = { app: App; buyer: TestUser; id: string; toolId: string }

async function placed(buyer?: TestUser): Promise<Placed> {
  const { app } = shop.current
  const who = buyer ?? (await createUser(app, { verified: true }))
  const tool = await insertTool(database.current.db, { priceCents: 1999, quantity: 50 })
  const res = await purchase(app, who, tool.id, 3)
  expect(res.statusCode, res.body).toBe(201)
  return { app, buyer: who, id: res.json<{ insertedId: string }>().insertedId, toolId: tool.id }
}

const pay = (o: Placed, method: 'sslcommerz' | 'bank-transfer') =>
  o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/payment`,
    headers: bearer(o.buyer),
    payload: { method },
  })

async function row(id: string) {
  const [found] = await database.current.db.select().from(orders).where(eq(orders.id, id))
  if (!found) throw new Error(`no order ${id}`)
  return found
}

const setHold = (id: string, holdUntil: Date, createdAt?: Date) =>
  database.current.db
    .update(orders)
    .set({ holdUntil, ...(createdAt && { createdAt }) })
    .where(eq(orders.id, id))

const sweep = () => shop.current.app.services.orderSweeper.sweep()

let adminUser: Promise<TestUser> | undefined
afterEach(() => {
  adminUser = undefined
})
const adminPost = async (o: Placed, path: string, payload: object) =>
  o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/${path}`,
    headers: bearer(await (adminUser ??= createUser(shop.current.app, { email: adminEmail }))),
    payload,
  })

describe('bank transfer is for verified accounts', () => {
  test('GET /api/payment-methods tells an unverified buyer why bank transfer is not theirs; others see it plain', async () => {
    const { app } = shop.current
    const methods = async (user?: TestUser) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/payment-methods',
        ...(user && { headers: bearer(user) }),
      })
      expect(res.statusCode, res.body).toBe(200)
      return PaymentMethodsResponseSchema.parse(res.json())
    }
    const transfer = (list: Awaited<ReturnType<typeof methods>>) =>
      list.find((m) => m.id === 'bank-transfer')
    expect(transfer(await methods(await createUser(app)))).toEqual({
      id: 'bank-transfer',
      label: 'Bank transfer',
      unavailable: paymentMethodRules.transferNeedsVerified,
    })
    expect(transfer(await methods(await createUser(app, { verified: true })))).toEqual({
      id: 'bank-transfer',
      label: 'Bank transfer',
    })
    expect(transfer(await methods())).toEqual({ id: 'bank-transfer', label: 'Bank transfer' })
    // A token that no longer holds is read as none: the list stays public.
    const gone = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(gone.statusCode).toBe(200)
  })

  test('an unverified buyer choosing bank transfer gets 403 with the reason, and the order is as it was', async () => {
    const o = await placed(await createUser(shop.current.app))
    const before = await row(o.id)
    const res = await pay(o, 'bank-transfer')
    expect(res.statusCode).toBe(403)
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      paymentMethodRules.transferNeedsVerified,
    )
    const after = await row(o.id)
    expect(after).toMatchObject({ paymentState: 'unpaid', paymentMethod: null })
    expect(after.paymentIntentId).toBeNull()
    expect(after.holdUntil).toEqual(before.holdUntil)
    // SSLCommerz stays open to them.
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(200)
  })
})

describe('how many orders may await a transfer', () => {
  test(`${AWAITING_TRANSFER_ORDERS_MAX} orders may await a transfer; the next start is a 409 with the reason and changes nothing`, async () => {
    const buyer = await createUser(shop.current.app, { verified: true })
    const waiting: Placed[] = []
    for (let i = 0; i < AWAITING_TRANSFER_ORDERS_MAX; i++) {
      const o = await placed(buyer)
      const res = await pay(o, 'bank-transfer')
      expect(res.statusCode, res.body).toBe(200)
      waiting.push(o)
    }
    const next = await placed(buyer)
    const before = await row(next.id)
    const refused = await pay(next, 'bank-transfer')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      paymentMethodRules.tooManyAwaitingTransfer(AWAITING_TRANSFER_ORDERS_MAX),
    )
    expect(await row(next.id)).toMatchObject({
      paymentState: 'unpaid',
      paymentMethod: null,
      paymentIntentId: null,
      holdUntil: before.holdUntil,
    })
    const first = waiting[0]
    if (!first) throw new Error('no order')
    // Once one is cancelled, the next may await a transfer.
    expect((await cancel(first.app, buyer, first.id)).statusCode).toBe(200)
    expect((await pay(next, 'bank-transfer')).statusCode).toBe(200)
  })
})

describe("a payment start never holds stock past the account's class", () => {
  test('an unverified buyer starting a payment 55 minutes in keeps the 60-minute hold, not 30 more minutes', async () => {
    const o = await placed(await createUser(shop.current.app))
    const placedAt = new Date(Date.now() - 55 * 60_000)
    const classEnd = placedAt.getTime() + 60 * 60_000
    await setHold(o.id, new Date(classEnd), placedAt)
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(200)
    expect((await row(o.id)).holdUntil?.getTime()).toBe(classEnd)
    // Starting again and again changes nothing either.
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(200)
    expect((await row(o.id)).holdUntil?.getTime()).toBe(classEnd)
  })

  test('a verified buyer starting a payment early still gets 30 more minutes, within their 48 hours', async () => {
    const o = await placed()
    const placedAt = new Date(Date.now() - 10 * 60_000)
    await setHold(o.id, new Date(Date.now() + 60_000), placedAt)
    const before = Date.now()
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(200)
    const hold = (await row(o.id)).holdUntil?.getTime() ?? 0
    expect(hold).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1_000)
    expect(hold).toBeLessThanOrEqual(placedAt.getTime() + 48 * 3_600_000)
  })

  test('a transfer holds for BANK_TRANSFER_HOLD_DAYS from the order, not from each new start', async () => {
    const o = await placed()
    const placedAt = new Date(Date.now() - 3 * 86_400_000)
    await setHold(o.id, new Date(Date.now() + 60_000), placedAt)
    expect((await pay(o, 'bank-transfer')).statusCode).toBe(200)
    expect((await row(o.id)).holdUntil?.getTime()).toBe(placedAt.getTime() + 7 * 86_400_000)
  })
})

describe('a payment under review', () => {
  test('the buyer cannot cancel it: 409 saying why, and the order and its stock stay', async () => {
    const o = await placed()
    shop.current.gateway.riskLevel = '1'
    const redirect = await pay(o, 'sslcommerz')
    await clickOnGatewayPage(redirect.json<{ redirectUrl: string }>().redirectUrl, 'Pay')
    expect(await row(o.id)).toMatchObject({ paymentState: 'under-review', status: 'unpaid' })
    const res = await cancel(o.app, o.buyer, o.id)
    expect(res.statusCode).toBe(409)
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      messages.orderRules.underReviewNoCancel,
    )
    expect(await row(o.id)).toMatchObject({ paymentState: 'under-review', status: 'unpaid' })
    expect(await stockOf(database.current.db, o.toolId)).toBe(47)
  })
})

describe('the sweeper asks SSLCommerz before an order with an open attempt expires', () => {
  test('a payment whose IPN met a validation outage is found by its tran_id and recorded, not expired', async () => {
    const o = await placed()
    const redirect = await pay(o, 'sslcommerz')
    const tranId = (await row(o.id)).paymentIntentId ?? ''
    shop.current.gateway.down.add('validation')
    await clickOnGatewayPage(redirect.json<{ redirectUrl: string }>().redirectUrl, 'Pay')
    expect(shop.current.gateway.ipns.at(-1)?.status).toBe(503)
    expect(await row(o.id)).toMatchObject({ paid: false, status: 'unpaid' })

    shop.current.gateway.down.clear()
    await setHold(o.id, new Date(Date.now() - 1_000))
    await sweep()
    expect(shop.current.gateway.queried).toContain(tranId)
    const paid = await row(o.id)
    expect(paid).toMatchObject({ paid: true, status: 'paid', paymentMethod: 'sslcommerz' })
    expect(paid.invoiceNumber).not.toBeNull()
    expect(await stockOf(database.current.db, o.toolId)).toBe(47)
  })

  test('while the query cannot be answered the order waits; once it says nothing was paid, the order expires', async () => {
    const o = await placed()
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(200)
    const tranId = (await row(o.id)).paymentIntentId ?? ''
    shop.current.gateway.down.add('transactionQuery')
    await setHold(o.id, new Date(Date.now() - 1_000))
    await sweep()
    expect((await row(o.id)).status).toBe('unpaid')
    expect(await stockOf(database.current.db, o.toolId)).toBe(47)

    shop.current.gateway.down.clear()
    await sweep()
    expect(await row(o.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect(await stockOf(database.current.db, o.toolId)).toBe(50)
    const [attempt] = await database.current.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.tranId, tranId))
    expect(attempt?.outcome).toBe('NOT_FOUND')
  })

  test('a gateway down for longer than the grace no longer holds the stock', async () => {
    const o = await placed()
    expect((await pay(o, 'sslcommerz')).statusCode).toBe(200)
    shop.current.gateway.down.add('transactionQuery')
    await setHold(o.id, new Date(Date.now() - 13 * 3_600_000))
    await sweep()
    expect(await row(o.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
  })
})

describe('Mark received with the statement line', () => {
  const received = { amount: 59.97, receivedOn: '2026-11-27' }

  test("a line naming another order's payment reference is refused and nothing is recorded", async () => {
    const a = await placed()
    const b = await placed()
    expect((await pay(a, 'bank-transfer')).statusCode).toBe(200)
    expect((await pay(b, 'bank-transfer')).statusCode).toBe(200)
    const otherRef = paymentReference(b.id)
    const res = await adminPost(a, 'mark-received', {
      ...received,
      reference: 'BANK-TX-1',
      statementLine: `27/11 CR 59.97 NPSB ${otherRef} RAHIM`,
    })
    expect(res.statusCode).toBe(400)
    const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error
    expect(error.message).toBe(paymentMethodRules.statementLineOtherOrder(otherRef))
    expect(error.fields?.statementLine).toBe(error.message)
    // Pasted into the reference field, the same.
    const inReference = await adminPost(a, 'mark-received', { ...received, reference: otherRef })
    expect(inReference.statusCode).toBe(400)
    expect(
      inReference.json<{ error: { fields?: Record<string, string> } }>().error.fields,
    ).toHaveProperty('reference')
    expect(await row(a.id)).toMatchObject({ paid: false, paymentState: 'awaiting-transfer' })
  })

  test("a line naming this order's reference, however typed, records the payment and says it matched", async () => {
    const a = await placed()
    expect((await pay(a, 'bank-transfer')).statusCode).toBe(200)
    const ref = paymentReference(a.id).toLowerCase()
    const spaced = `${ref.slice(0, 10)} ${ref.slice(10, 20)}-${ref.slice(20)}`
    const res = await adminPost(a, 'mark-received', {
      ...received,
      reference: 'BANK-TX-2',
      statementLine: `CR 59.97 ${spaced} FROM RAHIM UDDIN`,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ paid: true, paymentState: 'paid' })
    const audits = await database.current.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, a.id), eq(auditLog.kind, 'order.payment')))
    expect(audits.map((audit) => audit.after)).toContainEqual(
      expect.objectContaining({ referenceOnStatement: true, method: 'bank-transfer' }),
    )
  })
})
