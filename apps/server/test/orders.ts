import { CreatePaymentIntentResponseSchema, orderNumberText } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'

import type { App } from '../src/app.js'
import type { Db } from '../src/db/client.js'
import { orders, promotions, tools } from '../src/db/schema/index.js'
import { bearer, type TestUser } from './accounts.js'

/** Helpers of the ordering tests: checkout, purchase, stock, promotions. */

export const where = { phone: '+880 1711 000000', address: 'House 12, Road 3, Gazipur' }

/** A checkout of stock tools and custom parts (`{ quote, quantity }`). */
export const checkout = (
  app: App,
  user: TestUser,
  lines: (({ tool: string } | { quote: string }) & { quantity: number })[],
) =>
  app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(user),
    payload: { lines, ...where },
  })

export const purchase = (
  app: App,
  user: TestUser,
  toolsId: string,
  purchaseQuantity: number,
  to: { phone: string; address: string } = where,
) =>
  app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(user),
    payload: { toolsId, purchaseQuantity, ...to },
  })

export const cancel = (app: App, user: TestUser, orderId: string) =>
  app.inject({ method: 'DELETE', url: `/api/purchase/${orderId}`, headers: bearer(user) })

/**
 * The sweeper cancels an unpaid order as expired (its hold ended a second ago). Only such an
 * order may be paid back to life; a person's cancellation is final.
 */
export async function expire(app: App, db: Db, orderId: string) {
  await db
    .update(orders)
    .set({ holdUntil: new Date(Date.now() - 1_000) })
    .where(eq(orders.id, orderId))
  await app.services.orderSweeper.sweep()
  const [row] = await db
    .select({ reason: orders.cancelReason })
    .from(orders)
    .where(eq(orders.id, orderId))
  expect(row?.reason).toBe('expired')
}

export async function stockOf(db: Db, id: string) {
  const [row] = await db.select({ q: tools.quantity }).from(tools).where(eq(tools.id, id))
  return row?.q
}

/** A first-order promotion active from long ago to far ahead (whatever the shop's date). */
export async function insertFirstOrderPromotion(
  db: Db,
  { percent, capCents }: { percent: number; capCents: number },
) {
  const [row] = await db
    .insert(promotions)
    .values({
      kind: 'first-order',
      percent,
      capCents,
      startsAt: '2020-01-01',
      endsAt: '2099-12-31',
      title: `${percent}% off your first order`,
      text: 'Capped.',
    })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function openPaymentPage(app: App, user: TestUser, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(user),
    payload: { orderId },
  })
  expect(res.statusCode, res.body).toBe(200)
  return CreatePaymentIntentResponseSchema.parse(res.json())
}

/** An order's number as people read it: `TW-10482`. */
export async function orderNumberOf(db: Db, orderId: string): Promise<string> {
  const [row] = await db
    .select({ n: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  return orderNumberText(row.n)
}
