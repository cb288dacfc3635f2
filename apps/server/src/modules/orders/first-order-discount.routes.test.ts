import {
  ErrorBodySchema,
  FirstOrderEstimateSchema,
  messages,
  PurchaseResponseSchema,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import {
  cancel,
  checkout,
  expire,
  insertFirstOrderPromotion,
  openPaymentPage,
  purchase,
  stockOf,
  where,
} from '../../../test/orders.js'
import type { App } from '../../app.js'
import { orders, sandboxPaymentIntents } from '../../db/schema/index.js'

/** The first-order discount at checkout: decided by the server, once per customer. */
const database = useTestDatabase()
const testApp = useTestApp(database)
const db = () => database.current.db
const label = messages.promotions.firstOrderLabel

const orderOf = (res: { json: () => unknown }) => PurchaseResponseSchema.parse(res.json()).order

describe('the first-order discount', () => {
  test('50% capped at $100: a $300 first order pays $200; the payment is for that total; the second order pays in full', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    const promotion = await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_000 })
    const [a, b] = await Promise.all([
      insertTool(db(), { priceCents: 10_000 }),
      insertTool(db(), { priceCents: 5_000 }),
    ])

    const first = orderOf(
      await checkout(app, user, [
        { tool: a.id, quantity: 2 },
        { tool: b.id, quantity: 2 },
      ]),
    )
    expect(first).toMatchObject({
      subtotal: 300,
      // The cap set the amount, and the label says so, as the cart does.
      discount: { label: messages.promotions.firstOrderCappedLabel(50, '$100.00'), amount: 100 },
      totalMoney: 200,
    })
    const [row] = await db().select().from(orders).where(eq(orders.id, first._id))
    expect(row).toMatchObject({
      subtotalCents: 30_000,
      discountCents: 10_000,
      totalCents: 20_000,
      promotionId: promotion.id,
      firstOrderDiscount: true,
    })
    // The amount asked of the card is the discounted total.
    expect((await openPaymentPage(app, user, first._id)).amount).toBe(200)

    const second = orderOf(await checkout(app, user, [{ tool: b.id, quantity: 1 }]))
    expect(second).toMatchObject({ subtotal: 50, discount: null, totalMoney: 50 })
  })

  test('under the cap the percent is rounded to the cent, half up; the one-tool purchase gets it too', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1999 })
    // 3 × 19.99 = 59.97; half is 29.985, rounded to 29.99.
    const res = await purchase(app, user, tool.id, 3)
    expect(res.statusCode).toBe(201)
    expect(orderOf(res)).toMatchObject({
      subtotal: 59.97,
      discount: { label: label(50), amount: 29.99 },
      totalMoney: 29.98,
    })
  })

  test('of two active promotions the buyer gets the one worth more; none active, no discount', async () => {
    const app = testApp.current
    const tool = await insertTool(db(), { priceCents: 100_00 })
    const before = await createUser(app, { verified: true })
    expect(orderOf(await purchase(app, before, tool.id, 1)).discount).toBeNull()

    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_00 })
    await insertFirstOrderPromotion(db(), { percent: 20, capCents: 100_00 })
    const user = await createUser(app, { verified: true })
    // 50% capped at $10 gives $10; 20% of $100 gives $20.
    expect(orderOf(await purchase(app, user, tool.id, 1)).discount).toEqual({
      label: label(20),
      amount: 20,
    })
  })

  test('cancelling the discounted order gives the discount back to the next order', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000 })

    const first = orderOf(await purchase(app, user, tool.id, 1))
    expect(first.discount?.amount).toBe(1)
    expect((await cancel(app, user, first._id)).statusCode).toBe(200)
    const again = orderOf(await purchase(app, user, tool.id, 2))
    expect(again.discount?.amount).toBe(2)
    // Another customer's orders do not count against this one's (delivered elsewhere: one
    // discount per phone and per address).
    const other = await createUser(app, { verified: true })
    const elsewhere = { phone: '+880 1811 000000', address: 'House 1, Road 9, Khulna' }
    expect(orderOf(await purchase(app, other, tool.id, 1, elsewhere)).discount?.amount).toBe(1)
  })

  test('a late payment for a cancelled discounted order, when a later order has the discount, is refunded and the stock left alone', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000, quantity: 10 })

    const first = orderOf(await purchase(app, user, tool.id, 2))
    const intent = await openPaymentPage(app, user, first._id)
    await expire(app, db(), first._id)
    const second = orderOf(await purchase(app, user, tool.id, 3))
    expect(second.discount).not.toBeNull()
    expect(await stockOf(db(), tool.id)).toBe(7)
    // The card went through just before the void reached the provider (a race).
    await db()
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))

    const paid = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${first._id}`,
      headers: bearer(user),
      payload: { transactionId: intent.paymentIntentId },
    })
    expect(paid.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(paid.json()).error.message).toBe(
      messages.paymentRules.refundedDiscountUsed,
    )
    const [row] = await db().select().from(orders).where(eq(orders.id, first._id))
    expect(row).toMatchObject({
      status: 'cancelled',
      paid: false,
      cancelReason: 'refunded_discount_used',
      refundId: `re_sandbox_${intent.paymentIntentId}`,
    })
    // Stock is untouched: 10 − 3 of the live order.
    expect(await stockOf(db(), tool.id)).toBe(7)
  })

  test('a late payment for a cancelled discounted order is reinstated with its discount when no other order took it', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000, quantity: 10 })
    const first = orderOf(await purchase(app, user, tool.id, 2))
    const intent = await openPaymentPage(app, user, first._id)
    await expire(app, db(), first._id)
    await db()
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))
    const paid = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${first._id}`,
      headers: bearer(user),
      payload: { transactionId: intent.paymentIntentId },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await stockOf(db(), tool.id)).toBe(8)
    // Now the next order is not the first.
    expect(orderOf(await purchase(app, user, tool.id, 1)).discount).toBeNull()
  })

  test('the database lets one live order per customer have the discount, whatever the code does', async () => {
    const app = testApp.current
    const user = await createUser(app, { verified: true })
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000 })
    const first = orderOf(await purchase(app, user, tool.id, 1))
    const second = orderOf(await purchase(app, user, tool.id, 1))
    await expect(
      db().update(orders).set({ firstOrderDiscount: true }).where(eq(orders.id, second._id)),
    ).rejects.toThrow()
    expect(first.discount).not.toBeNull()
  })
})

describe('once per account, per phone and per address, with a verified e-mail', () => {
  const estimate = async (app: App, user: TestUser, to: { phone: string; address: string }) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/promotion/first-order/estimate?${new URLSearchParams(to).toString()}`,
      headers: bearer(user),
    })
    expect(res.statusCode, res.body).toBe(200)
    return FirstOrderEstimateSchema.parse(res.json()).eligibility
  }

  test('an unverified account gets no discount, and the cart’s estimate says so; verified, it does', async () => {
    const app = testApp.current
    const user = await createUser(app)
    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000 })

    expect(await estimate(app, user, where)).toBe('unverified')
    const first = orderOf(await purchase(app, user, tool.id, 1))
    expect(first.discount).toBeNull()
    expect(first.totalMoney).toBe(10)
    await cancel(app, user, first._id)

    await markVerified(app, user.email)
    expect(await estimate(app, user, where)).toBe('eligible')
    expect(orderOf(await purchase(app, user, tool.id, 1)).discount?.amount).toBe(5)
    expect(await estimate(app, user, where)).toBe('account-used')
  })

  test('a new account delivering to the same phone or the same address, however written, gets none; elsewhere it does', async () => {
    const app = testApp.current
    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000 })
    const first = await createUser(app, { verified: true })
    const placed = orderOf(
      await purchase(app, first, tool.id, 1, {
        phone: '01711-000000',
        address: 'House 12, Road 3, Gazipur',
      }),
    )
    expect(placed.discount?.amount).toBe(5)

    const samePhone = { phone: '+8801711000000', address: 'Flat 4B, Lake Road, Sylhet' }
    const sameAddress = { phone: '+880 1911 222333', address: 'house 12 road-3  GAZIPUR.' }
    const elsewhere = { phone: '+880 1911 222333', address: 'Flat 4B, Lake Road, Sylhet' }
    const second = await createUser(app, { verified: true })
    expect(await estimate(app, second, samePhone)).toBe('phone-used')
    expect(await estimate(app, second, sameAddress)).toBe('address-used')
    expect(await estimate(app, second, elsewhere)).toBe('eligible')
    expect(orderOf(await purchase(app, second, tool.id, 1, samePhone)).discount).toBeNull()
    const third = await createUser(app, { verified: true })
    expect(orderOf(await purchase(app, third, tool.id, 1, sameAddress)).discount).toBeNull()
    const fourth = await createUser(app, { verified: true })
    expect(orderOf(await purchase(app, fourth, tool.id, 1, elsewhere)).discount?.amount).toBe(5)

    // The discounted order cancelled, its phone may have the discount again.
    await cancel(app, first, placed._id)
    const fifth = await createUser(app, { verified: true })
    expect(orderOf(await purchase(app, fifth, tool.id, 1, samePhone)).discount).toBeNull() // fourth's address
    const sixth = await createUser(app, { verified: true })
    const freed = { phone: '01711 000000', address: 'Somewhere new, Rajshahi' }
    expect(orderOf(await purchase(app, sixth, tool.id, 1, freed)).discount?.amount).toBe(5)
  })

  test('a new account on the same mailbox (a plus-tag, gmail dots, googlemail) gets none; another mailbox does', async () => {
    const app = testApp.current
    await insertFirstOrderPromotion(db(), { percent: 50, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000 })
    const name = (uniqueEmail('ann').split('@')[0] ?? '').replaceAll('.', '')
    const first = await createUser(app, { verified: true, email: `${name}@gmail.com` })
    const there = { phone: '01711-000000', address: 'House 12, Road 3, Gazipur' }
    expect(orderOf(await purchase(app, first, tool.id, 1, there)).discount?.amount).toBe(5)

    const elsewhere = { phone: '+880 1911 222333', address: 'Flat 4B, Lake Road, Sylhet' }
    const dotted = `${name.slice(0, 2)}.${name.slice(2)}+shop@googlemail.com`
    const same = await createUser(app, { verified: true, email: dotted })
    expect(await estimate(app, same, elsewhere)).toBe('email-used')
    expect(orderOf(await purchase(app, same, tool.id, 1, elsewhere)).discount).toBeNull()

    const other = await createUser(app, { verified: true, email: `${name}x@gmail.com` })
    expect(await estimate(app, other, elsewhere)).toBe('eligible')
  })

  test('a late payment for a cancelled discounted order is refunded when another account took the discount for its phone', async () => {
    const app = testApp.current
    await insertFirstOrderPromotion(db(), { percent: 10, capCents: 10_000 })
    const tool = await insertTool(db(), { priceCents: 1000, quantity: 10 })
    const user = await createUser(app, { verified: true })
    const first = orderOf(await purchase(app, user, tool.id, 2))
    const intent = await openPaymentPage(app, user, first._id)
    await expire(app, db(), first._id)
    const other = await createUser(app, { verified: true })
    const theirs = orderOf(
      await purchase(app, other, tool.id, 3, { phone: where.phone, address: 'Elsewhere 1' }),
    )
    expect(theirs.discount).not.toBeNull()
    await db()
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId))

    const paid = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${first._id}`,
      headers: bearer(user),
      payload: { transactionId: intent.paymentIntentId },
    })
    expect(paid.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(paid.json()).error.message).toBe(
      messages.paymentRules.refundedDiscountUsed,
    )
    expect(await stockOf(db(), tool.id)).toBe(7)
  })
})
