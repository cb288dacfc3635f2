import { Writable } from 'node:stream'

import { CreatePaymentIntentResponseSchema, ErrorBodySchema, OrderSchema } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { testConfig, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { buildApp, type App } from '../../app.js'
import { selectRows } from '../../db/client.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

async function placeOrder(app: App, user: TestUser, priceCents = 1999, quantity = 3) {
  const tool = await insertTool(database.current.db, { priceCents, quantity: 100 })
  const res = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(user),
    payload: {
      toolsId: tool.id,
      purchaseQuantity: quantity,
      phone: '+880 1700 000000',
      address: 'Dhaka',
    },
  })
  return res.json<{ insertedId: string }>().insertedId
}

const createIntent = (app: App, user: TestUser, orderId: string, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(user),
    payload: { orderId, ...extra },
  })

const confirm = (app: App, clientSecret: string, number: string, over: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/sandbox/payment_intents/confirm',
    payload: {
      clientSecret,
      card: { number, expMonth: 12, expYear: 2034, cvc: '123', ...over },
      billingDetails: { name: 'A', email: 'a@example.com' },
    },
  })

const markPaid = (app: App, user: TestUser, orderId: string, transactionId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/purchase/${orderId}`,
    headers: bearer(user),
    payload: { transactionId },
  })

describe('sandbox card payments', () => {
  test('pays an order with 4242…: the amount comes from the order, and the order ends paid once', async () => {
    const app = testApp.current
    const user = await createUser(app)
    const orderId = await placeOrder(app, user, 1999, 3)

    const intentRes = await createIntent(app, user, orderId, { totalMoney: 0.01 })
    expect(intentRes.statusCode).toBe(200)
    const intent = CreatePaymentIntentResponseSchema.parse(intentRes.json())
    expect(intent).toMatchObject({ amount: 59.97, currency: 'usd' })

    // Not paid until the card is confirmed with the provider.
    expect((await markPaid(app, user, orderId, intent.paymentIntentId)).statusCode).toBe(402)

    const ok = await confirm(app, intent.clientSecret, '4242 4242 4242 4242')
    expect(ok.json()).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
    })
    const paid = await markPaid(app, user, orderId, intent.paymentIntentId)
    expect(OrderSchema.parse(paid.json())).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: intent.paymentIntentId,
    })
    const again = await markPaid(app, user, orderId, intent.paymentIntentId)
    expect(OrderSchema.parse(again.json()).transactionId).toBe(intent.paymentIntentId)

    const afterwards = await createIntent(app, user, orderId)
    expect(afterwards.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(afterwards.json()).error.message).toBe(
      'This order is already paid.',
    )
  })

  test.for([
    ['4000 0000 0000 0002', {}, 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', {}, 'Your card has expired.'],
    ['4000 0000 0000 0127', {}, "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', {}, 'Your card number is incorrect.'],
    ['4242 4242 4242 4242', { expYear: 2020 }, "Your card's expiration year is in the past."],
  ] as const)(
    '%s is refused with “%s”… and the order stays unpaid',
    async ([number, over, message]) => {
      const app = testApp.current
      const user = await createUser(app)
      const orderId = await placeOrder(app, user)
      const intent = CreatePaymentIntentResponseSchema.parse(
        (await createIntent(app, user, orderId)).json(),
      )
      const res = await confirm(app, intent.clientSecret, number, over)
      expect(res.statusCode).toBe(402)
      expect(ErrorBodySchema.parse(res.json()).error).toEqual({ code: 'PAYMENT_FAILED', message })
      expect((await markPaid(app, user, orderId, intent.paymentIntentId)).statusCode).toBe(402)
      const order = OrderSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/purchase/${orderId}`,
            headers: bearer(user),
          })
        ).json(),
      )
      expect(order.paid).toBe(false)
    },
  )

  test('another customer’s order, a wrong secret, and another order’s payment are all refused', async () => {
    const app = testApp.current
    const a = await createUser(app)
    const b = await createUser(app)
    const orderA = await placeOrder(app, a)
    const orderB = await placeOrder(app, b)
    expect((await createIntent(app, b, orderA)).statusCode).toBe(404)
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await createIntent(app, a, unknown)
      expect(res.statusCode).toBe(404)
      expect(ErrorBodySchema.parse(res.json()).error.message).toBe('We could not find that order.')
    }

    const intentA = CreatePaymentIntentResponseSchema.parse(
      (await createIntent(app, a, orderA)).json(),
    )
    expect(
      (await confirm(app, `${intentA.paymentIntentId}_secret_guess`, '4242424242424242'))
        .statusCode,
    ).toBe(404)
    await confirm(app, intentA.clientSecret, '4242424242424242')
    // B cannot pay B's order with A's payment, nor mark A's order.
    expect((await markPaid(app, b, orderB, intentA.paymentIntentId)).statusCode).toBe(409)
    expect((await markPaid(app, b, orderA, intentA.paymentIntentId)).statusCode).toBe(404)
    expect((await markPaid(app, a, orderA, intentA.paymentIntentId)).statusCode).toBe(200)
  })

  test('no card number is ever written to the logs or the database', async ({ onTestFinished }) => {
    let logs = ''
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs += chunk.toString()
        done()
      },
    })
    const app = await buildApp({
      config: testConfig(),
      database: database.current,
      logger: { level: 'trace', stream },
    })
    onTestFinished(() => app.close())
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const intent = CreatePaymentIntentResponseSchema.parse(
      (await createIntent(app, user, orderId)).json(),
    )
    await confirm(app, intent.clientSecret, '4000 0000 0000 0002')
    await confirm(app, intent.clientSecret, '4242 4242 4242 4242', { cvc: '987' })
    await markPaid(app, user, orderId, intent.paymentIntentId)

    expect(logs).toContain('/api/sandbox/payment_intents/confirm')
    for (const secret of [
      '4242424242424242',
      '4242 4242',
      '4000000000000002',
      '4000 0000 0000 0002',
      '"987"',
    ]) {
      expect(logs).not.toContain(secret)
    }
    const [dump] = await selectRows<{ text: string }>(
      database.current.db,
      sql`select coalesce(string_agg(t::text, ' '), '') as text from (
            select row_to_json(o)::text as t from orders o
            union all select row_to_json(p)::text from sandbox_payment_intents p) rows`,
    )
    expect(dump?.text).toContain(intent.paymentIntentId)
    expect(dump?.text).not.toMatch(/4242424242424242|4000000000000002|"987"/)
  })
})
