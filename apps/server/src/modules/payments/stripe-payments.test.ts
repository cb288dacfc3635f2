import {
  CreatePaymentIntentResponseSchema,
  ErrorBodySchema,
  OrderSchema,
  refundTransId,
} from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { startStripeStandIn } from '../../../test/stripe-stand-in.js'
import type { App } from '../../app.js'
import { selectRows } from '../../db/client.js'
import { orders, refunds, tools } from '../../db/schema/index.js'

const database = useTestDatabase()
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in'
const signer = new Stripe('sk_test_signer_only')

async function stripeApp(onTestFinished: (fn: () => Promise<void>) => void) {
  const standIn = await startStripeStandIn()
  onTestFinished(() => standIn.stop())
  const app = await buildTestApp(database.current, onTestFinished, {
    stripe: {
      secretKey: 'sk_test_stand_in',
      publishableKey: 'pk_test_stand_in',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: standIn.apiBase,
      // The timeout test waits for it (twice: the client retries once).
      timeoutMs: 1_500,
    },
  })
  return { app, standIn }
}

async function placeOrder(app: App, user: TestUser) {
  const tool = await insertTool(database.current.db, { priceCents: 1999, quantity: 100 })
  const res = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(user),
    payload: { toolsId: tool.id, purchaseQuantity: 3, phone: '+880 1700 000000', address: 'Dhaka' },
  })
  return res.json<{ insertedId: string }>().insertedId
}

async function createIntent(app: App, user: TestUser, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(user),
    payload: { orderId },
  })
  return CreatePaymentIntentResponseSchema.parse(res.json())
}

function webhook(app: App, event: object, secret = WEBHOOK_SECRET, url = '/api/stripe/webhook') {
  const payload = JSON.stringify(event)
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret })
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
}

const succeededEvent = (intent: {
  id: string
  metadata: Record<string, string>
  amount: number
}) => ({
  id: `evt_${intent.id}`,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { ...intent, object: 'payment_intent', status: 'succeeded' } },
})

const readOrder = async (app: App, user: TestUser, id: string) =>
  OrderSchema.parse(
    (await app.inject({ method: 'GET', url: `/api/purchase/${id}`, headers: bearer(user) })).json(),
  )

describe('the stripe provider', () => {
  test('creates the intent with the order’s amount and one idempotency key per order', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const first = CreatePaymentIntentResponseSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          headers: bearer(user),
          payload: { orderId, totalMoney: 1 },
        })
      ).json(),
    )
    const second = await createIntent(app, user, orderId)
    expect(second.paymentIntentId).toBe(first.paymentIntentId)
    const created = standIn.requests.filter((r) => r.method === 'POST')
    expect(created).toHaveLength(2)
    expect(new Set(created.map((r) => r.idempotencyKey))).toEqual(
      new Set([`order-${orderId}-5997`]),
    )
    const form = new URLSearchParams(created[0]?.body)
    expect(form.get('amount')).toBe('5997')
    expect(form.get('currency')).toBe('usd')
    expect(form.get('metadata[orderId]')).toBe(orderId)
  })

  test('a signed webhook marks the order paid once; arriving twice or before the PATCH changes nothing more', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const { paymentIntentId } = await createIntent(app, user, orderId)
    const intent = standIn.succeed(paymentIntentId)

    expect((await webhook(app, succeededEvent(intent))).statusCode).toBe(200)
    expect((await webhook(app, succeededEvent(intent))).statusCode).toBe(200)
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      headers: bearer(user),
      payload: { transactionId: paymentIntentId },
    })
    expect(patch.statusCode).toBe(200)
    expect(await readOrder(app, user, orderId)).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: paymentIntentId,
    })
  })

  test('a webhook with a bad signature is rejected with 400 and changes nothing', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const { paymentIntentId } = await createIntent(app, user, orderId)
    const intent = standIn.succeed(paymentIntentId)
    const forged = await webhook(app, succeededEvent(intent), 'whsec_someone_else')
    expect(forged.statusCode).toBe(400)
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: succeededEvent(intent),
    })
    expect(unsigned.statusCode).toBe(400)
    expect((await readOrder(app, user, orderId)).paid).toBe(false)
  })

  test('Stripe’s notice is verified on its per-provider path too: forged is 400, signed pays', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const { paymentIntentId } = await createIntent(app, user, orderId)
    const intent = standIn.succeed(paymentIntentId)
    const path = '/api/payments/webhook/stripe'
    const forged = await webhook(app, succeededEvent(intent), 'whsec_someone_else', path)
    expect(forged.statusCode).toBe(400)
    expect((await readOrder(app, user, orderId)).paid).toBe(false)
    expect((await webhook(app, succeededEvent(intent), WEBHOOK_SECRET, path)).statusCode).toBe(200)
    expect(await readOrder(app, user, orderId)).toMatchObject({
      paid: true,
      transactionId: paymentIntentId,
    })
    const [row] = await database.current.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row?.paymentProvider).toBe('stripe')
  })

  test('a PATCH for an intent that has not succeeded is refused and the order stays unpaid', async ({
    onTestFinished,
  }) => {
    const { app } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const { paymentIntentId } = await createIntent(app, user, orderId)
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      headers: bearer(user),
      payload: { transactionId: paymentIntentId },
    })
    expect(res.statusCode).toBe(402)
    expect((await readOrder(app, user, orderId)).paid).toBe(false)
  })

  test('a provider that times out gets a clear 503; the order stays unpaid and a retry works', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    standIn.setDelay(15_000)
    const slow = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(user),
      payload: { orderId },
    })
    expect(slow.statusCode).toBe(503)
    expect(ErrorBodySchema.parse(slow.json()).error.message).toBe(
      'The payment provider did not answer. Your order is unchanged; please try again.',
    )
    expect((await readOrder(app, user, orderId)).paid).toBe(false)
    standIn.setDelay(0)
    const retry = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(user),
      payload: { orderId },
    })
    expect(retry.statusCode).toBe(200)
  }, 60_000)

  test('cancelling voids the intent (paymentIntents.cancel); money that still arrives for the sold-out order is refunded, never oversold', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const first = await createUser(app)
    const second = await createUser(app)
    const tool = await insertTool(database.current.db, {
      priceCents: 1000,
      quantity: 3,
      minimum: 1,
    })
    const order = (user: TestUser) =>
      app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(user),
        payload: {
          toolsId: tool.id,
          purchaseQuantity: 3,
          phone: '+880 1700 000000',
          address: 'Dhaka',
        },
      })
    const orderId = (await order(first)).json<{ insertedId: string }>().insertedId
    const { paymentIntentId } = await createIntent(app, first, orderId)

    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${orderId}`,
      headers: bearer(first),
    })
    expect(cancelled.json()).toMatchObject({ outcome: 'cancelled' })
    expect(
      standIn.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${paymentIntentId}/cancel`,
      ),
    ).toHaveLength(1)
    expect(standIn.intents.get(paymentIntentId)?.status).toBe('canceled')
    expect((await order(second)).statusCode).toBe(201)

    // The card was charged just before the cancellation reached Stripe: the webhook arrives.
    const intent = standIn.succeed(paymentIntentId)
    expect((await webhook(app, succeededEvent(intent))).statusCode).toBe(200)
    expect((await webhook(app, succeededEvent(intent))).statusCode).toBe(200)

    const refundCalls = standIn.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds',
    )
    // The refund is a row before it is a call: the replayed webhook finds the row and calls
    // nothing, and the one call carries the key derived from the row.
    const [refundRow] = await database.current.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
    expect(refundRow).toMatchObject({ reason: 'cancelled', state: 'done' })
    expect(refundCalls).toHaveLength(1)
    expect(refundCalls[0]?.idempotencyKey).toBe(refundTransId(refundRow?.id ?? ''))
    expect(new URLSearchParams(refundCalls[0]?.body).get('payment_intent')).toBe(paymentIntentId)
    expect(standIn.refunds.size).toBe(1)
    const [refund] = [...standIn.refunds.values()]

    const [row] = await database.current.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row).toMatchObject({
      status: 'cancelled',
      paid: false,
      // The buyer cancelled it: their money goes back whatever the stock.
      cancelReason: 'refunded_cancelled',
      refundId: refund?.id,
    })
    const [stock] = await database.current.db
      .select({ q: tools.quantity })
      .from(tools)
      .where(eq(tools.id, tool.id))
    const [live] = await selectRows<{ n: number }>(
      database.current.db,
      sql`select coalesce(sum(quantity), 0)::int as n from orders where tool_id = ${tool.id} and status <> 'cancelled'`,
    )
    expect({ stock: stock?.q, live: live?.n }).toEqual({ stock: 0, live: 3 })
  })

  test('a webhook for an order its buyer cancelled refunds it once, though its stock is still there', async ({
    onTestFinished,
  }) => {
    const { app, standIn } = await stripeApp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const { paymentIntentId } = await createIntent(app, user, orderId)
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${orderId}`,
      headers: bearer(user),
    })
    expect(cancelled.json()).toMatchObject({ outcome: 'cancelled' })
    const intent = standIn.succeed(paymentIntentId)
    expect((await webhook(app, succeededEvent(intent))).statusCode).toBe(200)
    expect((await webhook(app, succeededEvent(intent))).statusCode).toBe(200)

    expect(standIn.refunds.size).toBe(1)
    const [refund] = [...standIn.refunds.values()]
    expect(await readOrder(app, user, orderId)).toMatchObject({
      status: 'cancelled',
      paid: false,
      cancelReason: 'refunded_cancelled',
    })
    const [row] = await database.current.db.select().from(orders).where(eq(orders.id, orderId))
    expect(row?.refundId).toBe(refund?.id)
  })
})
