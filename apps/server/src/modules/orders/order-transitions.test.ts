import {
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderEvent,
  type OrderStatus,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { confirmCard, markPaid } from '../../../test/invoices.js'
import { cancel, openPaymentPage, purchase } from '../../../test/orders.js'
import type { App } from '../../app.js'
import { orders, sandboxPaymentIntents } from '../../db/schema/index.js'

/**
 * The order's transitions table (packages/shared/src/order-states.ts) walked
 * through the shop's own routes and sweeper: every row is a step the server takes, and a step
 * the table does not list is refused and changes nothing.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const testApp = useTestApp(database, { adminEmails: [adminEmail] })

type Order = {
  app: App
  id: string
  buyer: TestUser
  admin: TestUser
  intent: { clientSecret: string; paymentIntentId: string }
}

const state = async (id: string) => {
  const [row] = await database.current.db
    .select({ status: orders.status, paid: orders.paid, cancelReason: orders.cancelReason })
    .from(orders)
    .where(eq(orders.id, id))
  if (!row) throw new Error(`no order ${id}`)
  return row
}

/** The card went through at the provider although the order was cancelled meanwhile. */
const succeedLate = (o: Order) =>
  database.current.db
    .update(sandboxPaymentIntents)
    .set({ status: 'succeeded' })
    .where(eq(sandboxPaymentIntents.id, o.intent.paymentIntentId))

const sweepPastHold = async (o: Order) => {
  await database.current.db
    .update(orders)
    .set({ holdUntil: new Date(Date.now() - 1_000) })
    .where(eq(orders.id, o.id))
  await o.app.services.orderSweeper.sweep()
}

const ship = (o: Order) =>
  o.app.inject({
    method: 'PATCH',
    url: `/api/purchase/${o.id}/status`,
    headers: bearer(o.admin),
    payload: { status: 'shipped' },
  })

/** How the shop takes each event; the answer's status code is kept for the refusals. */
const perform: Record<OrderEvent, (o: Order) => Promise<number>> = {
  pay: async (o) => {
    await confirmCard(o.app, o.intent.clientSecret)
    return (await markPaid(o.app, o.buyer, o.id, o.intent.paymentIntentId)).statusCode
  },
  reinstate: async (o) => {
    await succeedLate(o)
    return (await markPaid(o.app, o.buyer, o.id, o.intent.paymentIntentId)).statusCode
  },
  refund: async (o) => {
    await succeedLate(o)
    return (await markPaid(o.app, o.buyer, o.id, o.intent.paymentIntentId)).statusCode
  },
  cancel_by_buyer: async (o) => (await cancel(o.app, o.buyer, o.id)).statusCode,
  cancel_by_admin: async (o) => (await cancel(o.app, o.admin, o.id)).statusCode,
  cancel_paid: async (o) =>
    (
      await o.app.inject({
        method: 'POST',
        url: `/api/purchase/${o.id}/cancel`,
        headers: bearer(o.admin),
        payload: { reason: 'The buyer asked by phone' },
      })
    ).statusCode,
  expire: async (o) => {
    await sweepPastHold(o)
    return 200
  },
  ship: async (o) => (await ship(o)).statusCode,
}

/**
 * A fresh order brought to `status` by the table's own steps. A cancelled order is cancelled
 * by expiry (money may reinstate it), or by its buyer when the step is a refund (money for a
 * person's cancellation always goes back).
 */
async function orderIn(status: OrderStatus, next: OrderEvent): Promise<Order> {
  const app = testApp.current
  const buyer = await createUser(app, { verified: true })
  const admin = await createUser(app, { email: adminEmail })
  const tool = await insertTool(database.current.db, { quantity: 5, minimum: 1 })
  const placed = await purchase(app, buyer, tool.id, 2)
  expect(placed.statusCode, placed.body).toBe(201)
  const id = placed.json<{ insertedId: string }>().insertedId
  const o = { app, id, buyer, admin, intent: await openPaymentPage(app, buyer, id) }
  if (status === 'paid' || status === 'shipped') expect(await perform.pay(o)).toBe(200)
  if (status === 'shipped') expect(await perform.ship(o)).toBe(200)
  if (status === 'cancelled')
    await (next === 'refund' ? perform.cancel_by_buyer(o) : perform.expire(o))
  expect((await state(id)).status).toBe(status)
  return o
}

describe('every row of the order table is a step the shop takes', () => {
  test.each(ORDER_TRANSITIONS.map((row) => [`${row.from} --${row.event}-> ${row.to}`, row]))(
    '%s',
    async (_, row) => {
      const o = await orderIn(row.from, row.event)
      await perform[row.event](o)
      expect((await state(o.id)).status).toBe(row.to)
    },
  )

  test('a refund leaves the cancelled order cancelled, refunded, and answers 409', async () => {
    const o = await orderIn('cancelled', 'refund')
    expect(await perform.refund(o)).toBe(409)
    expect(await state(o.id)).toEqual({
      status: 'cancelled',
      paid: false,
      cancelReason: 'refunded_cancelled',
    })
  })

  test('a reinstatement makes the expired order paid and live again', async () => {
    const o = await orderIn('cancelled', 'reinstate')
    expect(await perform.reinstate(o)).toBe(200)
    expect(await state(o.id)).toEqual({ status: 'paid', paid: true, cancelReason: null })
  })
})

/**
 * Money is one event whose name the order's status picks (flows/payment-received.ts): paying
 * an unpaid order is `pay`, a cancelled one `reinstate` or `refund`; these pairs are not
 * separate requests a caller could make.
 */
const samePaymentAs = new Set([
  'unpaid reinstate',
  'unpaid refund',
  'cancelled pay',
  // The admin's cancel route cancels an unpaid order as `cancel_by_admin`.
  'unpaid cancel_paid',
])

const refused = ORDER_STATUSES.flatMap((from) =>
  ORDER_EVENTS.filter(
    (event) =>
      !samePaymentAs.has(`${from} ${event}`) &&
      !ORDER_TRANSITIONS.some((row) => row.from === from && row.event === event),
  ).map((event) => [`${from} --${event}-> refused`, from, event] as const),
)

describe('a step the order table does not list changes nothing', () => {
  test('the refused pairs are the ones the table leaves out', () => {
    expect(refused).toHaveLength(
      ORDER_STATUSES.length * ORDER_EVENTS.length - ORDER_TRANSITIONS.length - samePaymentAs.size,
    )
  })

  test.each(refused)('%s', async (_, from, event) => {
    const o = await orderIn(from, event)
    const before = await state(o.id)
    const code = await perform[event](o)
    // Shipping answers 409, an admin's cancellation of a paid order 409; a buyer's delete of
    // a paid order only hides it, and paying twice with the same payment is answered as done.
    expect([200, 409]).toContain(code)
    expect(await state(o.id)).toEqual(before)
  })
})
