import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import { CreatePaymentIntentResponseSchema, OrderSchema } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { placeOrder as placeOneToolOrder } from '../../../test/invoices.js'
import type { App } from '../../app.js'
import { orders } from '../../db/schema/index.js'
import type { Actor } from '../accounts/actor.js'
import {
  WebhookRefusedError,
  type PaymentIntentView,
  type PaymentProvider,
  type PaymentStart,
} from './payment-provider.js'

/**
 * The provider interface beyond cards: a redirect gateway and an offline method
 * sit beside the configured card provider (the sandbox here), each starting its own payments,
 * verifying its own notifications and taking back its own money.
 */

const database = useTestDatabase()

type FakePayment = PaymentIntentView & { refundId?: string }

/**
 * A provider kept in memory: a gateway that answers a redirect, or a bank transfer that
 * answers instructions. Its notifications are forms signed with its own secret, as a gateway's
 * IPN is; it records every void and refund asked of it.
 */
function fakeProvider(name: string, kind: 'redirect' | 'instructions') {
  const secret = randomBytes(16).toString('hex')
  const payments = new Map<string, FakePayment>()
  const calls = { cancelled: [] as string[], refunded: [] as string[] }
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex')

  const provider: PaymentProvider = {
    name,
    hasWebhook: true,
    async startPayment({ orderId, amountCents, currency }): Promise<PaymentStart> {
      const id = `${name}_${randomBytes(6).toString('hex')}`
      payments.set(id, { id, orderId, amountCents, currency, status: 'pending' })
      if (kind === 'redirect')
        return { kind, paymentId: id, url: `https://gateway.example/pay/${id}` }
      return {
        kind,
        paymentId: id,
        reference: `TW-${orderId.slice(0, 8)}`,
        amountCents,
        currency,
        dueDate: '2026-12-04',
        lines: ['Bank: Example Bank', 'Account: 0123456789'],
      }
    },
    async retrieveIntent(id) {
      const payment = payments.get(id)
      return payment && { ...payment }
    },
    async cancelIntent(id) {
      calls.cancelled.push(id)
      const payment = payments.get(id)
      if (payment?.status === 'succeeded') return false
      if (payment) payment.status = 'canceled'
      return true
    },
    async refund({ paymentIntentId }) {
      calls.refunded.push(paymentIntentId)
      const payment = payments.get(paymentIntentId)
      if (payment?.status !== 'succeeded') throw new Error(`${name}: nothing to refund`)
      payment.refundId ??= `re_${name}_${paymentIntentId}`
      return { kind: 'refunded', id: payment.refundId }
    },
    verifyNotification({ rawBody, headers, contentType }) {
      const given = headers['x-fake-signature']
      if (contentType !== 'application/x-www-form-urlencoded' || typeof given !== 'string')
        throw new WebhookRefusedError('not a signed form')
      const expected = Buffer.from(sign(rawBody.toString('utf8')))
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), expected))
        throw new WebhookRefusedError('bad signature')
      const form = new URLSearchParams(rawBody.toString('utf8'))
      if (form.get('status') !== 'VALID')
        return { type: 'ignored', providerType: form.get('status') ?? '' }
      return {
        type: 'payment_succeeded',
        paymentIntentId: form.get('payment_id') ?? '',
        orderId: form.get('order_id') ?? undefined,
      }
    },
  }

  return {
    provider,
    calls,
    /** The buyer paid at the gateway (or the bank received the transfer). */
    pay(id: string) {
      const payment = payments.get(id)
      if (!payment) throw new Error(`no payment ${id}`)
      payment.status = 'succeeded'
    },
    /** A notification as this provider would send it. */
    notification(fields: Record<string, string>) {
      const body = new URLSearchParams(fields).toString()
      return { body, signature: sign(body) }
    },
  }
}

async function setUp(onTestFinished: (fn: () => Promise<void>) => void) {
  const gateway = fakeProvider('fake-gateway', 'redirect')
  const transfer = fakeProvider('fake-transfer', 'instructions')
  const app = await buildTestApp(
    database.current,
    onTestFinished,
    {},
    { paymentProviders: [gateway.provider, transfer.provider] },
  )
  return { app, gateway, transfer }
}

/** A one-tool order of $59.97 (the shared helper of the ordering tests). */
const placeOrder = (app: App, user: TestUser) => placeOneToolOrder(app, database.current.db, user)

async function orderRow(id: string) {
  const [row] = await database.current.db.select().from(orders).where(eq(orders.id, id))
  if (!row) throw new Error(`no order ${id}`)
  return row
}

/** The buyer as the flows see them (the route puts the same on the request). */
async function actorOf(user: TestUser, orderId: string): Promise<Actor> {
  const row = await orderRow(orderId)
  return { id: row.customerId ?? '', email: user.email, name: user.name, role: 'customer' }
}

function notify(app: App, provider: string, note: { body: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${provider}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-fake-signature': note.signature,
    },
    payload: note.body,
  })
}

const readOrder = async (app: App, user: TestUser, id: string) =>
  OrderSchema.parse(
    (await app.inject({ method: 'GET', url: `/api/purchase/${id}`, headers: bearer(user) })).json(),
  )

describe('payment providers beside the card one', () => {
  test('starting a payment passes each provider’s answer through: a redirect, instructions, a client secret', async ({
    onTestFinished,
  }) => {
    const { app } = await setUp(onTestFinished)
    const user = await createUser(app)
    const checkout = app.services.checkout

    const redirected = await placeOrder(app, user)
    const redirect = await checkout.startPayment(
      await actorOf(user, redirected),
      redirected,
      'sslcommerz',
      'fake-gateway',
    )
    expect(redirect).toEqual({
      next: {
        kind: 'redirect',
        paymentId: expect.stringMatching(/^fake-gateway_/) as string,
        url: `https://gateway.example/pay/${redirect.next.paymentId}`,
      },
      amount: 59.97,
      currency: 'usd',
    })
    expect(await orderRow(redirected)).toMatchObject({
      paymentIntentId: redirect.next.paymentId,
      paymentProvider: 'fake-gateway',
      paid: false,
    })

    const byHand = await placeOrder(app, user)
    const instructions = await checkout.startPayment(
      await actorOf(user, byHand),
      byHand,
      'bank-transfer',
      'fake-transfer',
    )
    // Money in the answer is in currency units, as everywhere in the API.
    expect(instructions.next).toEqual({
      kind: 'instructions',
      paymentId: expect.stringMatching(/^fake-transfer_/) as string,
      reference: `TW-${byHand.slice(0, 8)}`,
      amount: 59.97,
      currency: 'usd',
      dueDate: '2026-12-04',
      lines: ['Bank: Example Bank', 'Account: 0123456789'],
    })
    expect((await orderRow(byHand)).paymentProvider).toBe('fake-transfer')

    // The card route keeps every field it had, and carries the same start tagged beside them.
    const carded = await placeOrder(app, user)
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(user),
      payload: { orderId: carded },
    })
    const card = CreatePaymentIntentResponseSchema.parse(res.json())
    expect(card.next).toEqual({
      kind: 'client_secret',
      paymentId: card.paymentIntentId,
      clientSecret: card.clientSecret,
    })
    expect((await orderRow(carded)).paymentProvider).toBe('sandbox')
  })

  test('a notification to a provider’s route is verified by that provider: forged is 400 and changes nothing', async ({
    onTestFinished,
  }) => {
    const { app, gateway, transfer } = await setUp(onTestFinished)
    const user = await createUser(app)
    const orderId = await placeOrder(app, user)
    const { next } = await app.services.checkout.startPayment(
      await actorOf(user, orderId),
      orderId,
      'sslcommerz',
      'fake-gateway',
    )
    gateway.pay(next.paymentId)
    const fields = { status: 'VALID', payment_id: next.paymentId, order_id: orderId }
    const genuine = gateway.notification(fields)

    // Forged: the signature of another secret, a body changed after signing, no signature, and
    // the gateway's genuine notice sent to the transfer's route (the transfer checks it).
    const forgeries = [
      notify(app, 'fake-gateway', transfer.notification(fields)),
      notify(app, 'fake-gateway', { ...genuine, body: `${genuine.body}&x=1` }),
      notify(app, 'fake-gateway', { ...genuine, signature: '' }),
      notify(app, 'fake-transfer', genuine),
    ]
    for (const res of await Promise.all(forgeries)) expect(res.statusCode).toBe(400)
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'unpaid' })

    // A provider the shop does not have, or the card sandbox that sends none: no such route.
    expect((await notify(app, 'nobody', genuine)).statusCode).toBe(404)
    expect((await notify(app, 'sandbox', genuine)).statusCode).toBe(404)

    const ok = await notify(app, 'fake-gateway', genuine)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ received: true })
    expect(await readOrder(app, user, orderId)).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: next.paymentId,
    })
    const paid = await orderRow(orderId)
    expect(paid.paymentProvider).toBe('fake-gateway')
    expect(paid.invoiceNumber).toEqual(expect.any(Number))
    // Arriving again changes nothing.
    expect((await notify(app, 'fake-gateway', genuine)).statusCode).toBe(200)
    expect(await orderRow(orderId)).toEqual(paid)
  })

  test('money taken by one provider goes back through it, not through the configured card provider', async ({
    onTestFinished,
  }) => {
    const { app, gateway, transfer } = await setUp(onTestFinished)
    const user = await createUser(app)

    // Paid at the gateway, then cancelled by its buyer before the shop heard: the void finds the
    // money taken and refunds it through the gateway, the sandbox is never asked.
    const cancelled = await placeOrder(app, user)
    const started = await app.services.checkout.startPayment(
      await actorOf(user, cancelled),
      cancelled,
      'sslcommerz',
      'fake-gateway',
    )
    gateway.pay(started.next.paymentId)
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${cancelled}`,
      headers: bearer(user),
    })
    expect(del.statusCode).toBe(200)
    // The void and its refund run after the cancel's commit, before the answer (lib/after-commit.ts).
    expect(gateway.calls.cancelled).toEqual([started.next.paymentId])
    expect(gateway.calls.refunded).toEqual([started.next.paymentId])
    expect(await orderRow(cancelled)).toMatchObject({
      refundId: `re_fake-gateway_${started.next.paymentId}`,
      status: 'cancelled',
      paid: false,
      cancelReason: 'refunded_cancelled',
      paymentProvider: 'fake-gateway',
    })

    // Cancelled first, then the transfer's notice arrives: refunded through the transfer.
    const late = await placeOrder(app, user)
    const byHand = await app.services.checkout.startPayment(
      await actorOf(user, late),
      late,
      'bank-transfer',
      'fake-transfer',
    )
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${late}`,
      headers: bearer(user),
    })
    expect(cancel.statusCode).toBe(200)
    expect(transfer.calls.cancelled).toEqual([byHand.next.paymentId])
    expect(transfer.calls.refunded).toEqual([])
    transfer.pay(byHand.next.paymentId)
    const note = transfer.notification({
      status: 'VALID',
      payment_id: byHand.next.paymentId,
      order_id: late,
    })
    expect((await notify(app, 'fake-transfer', note)).statusCode).toBe(200)
    expect(transfer.calls.refunded).toEqual([byHand.next.paymentId])
    expect(gateway.calls.refunded).toEqual([started.next.paymentId])
    expect(await orderRow(late)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'refunded_cancelled',
      refundId: `re_fake-transfer_${byHand.next.paymentId}`,
      paymentProvider: 'fake-transfer',
    })
  })
})
