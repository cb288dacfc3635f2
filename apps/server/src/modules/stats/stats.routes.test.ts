import { OverviewSchema, overviewWords, shopDate, type Overview } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { insertQuotedRequest } from '../../../test/quote-rows.js'
import type { App } from '../../app.js'
import type { Db } from '../../db/client.js'
import {
  orderLines,
  orders,
  payments,
  quoteRequests,
  refunds,
  tools,
  users,
} from '../../db/schema/index.js'
import { periodEnding } from './stats.service.js'

// This file runs on PGlite (server-pglite) and again on PostgreSQL 15 (server-pg, when
// TEST_DATABASE_URL is set): vitest.config.ts includes every *.test.ts in both projects.
const database = useTestDatabase()
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** Dhaka, UTC+6: the shop's midnight is 18:00 UTC the day before. */
const OFFSET_MS = 360 * MINUTE_MS

/** The shop date `n` days before the shop's today. */
const daysAgo = (n: number) => {
  const at = new Date(`${shopDate(new Date())}T00:00:00Z`)
  return new Date(at.getTime() - n * DAY_MS).toISOString().slice(0, 10)
}
/** The instant a shop date begins. */
const shopMidnight = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() - OFFSET_MS)
const noonOf = (date: string) => new Date(shopMidnight(date).getTime() + 12 * 60 * MINUTE_MS)

type ToolRow = typeof tools.$inferSelect
type Line = { tool: ToolRow; quantity: number } | { quote: string; name: string; cents: number }
type Seed = {
  status: 'unpaid' | 'paid' | 'shipped' | 'cancelled'
  at: Date
  paidAt?: Date
  cancelReason?: 'customer' | 'refunded_out_of_stock'
  discountCents?: number
  paymentMethod?: 'sslcommerz' | 'bank-transfer' | 'card'
  lines: Line[]
}

/** An order and its lines written straight into the tables, at the instants a test needs. */
async function insertOrder(db: Db, seed: Seed) {
  const priced = seed.lines.map((line) =>
    'tool' in line
      ? {
          toolId: line.tool.id,
          quoteId: null,
          toolName: line.tool.name,
          unitPriceCents: line.tool.priceCents,
          quantity: line.quantity,
        }
      : {
          toolId: null,
          quoteId: line.quote,
          toolName: line.name,
          unitPriceCents: line.cents,
          quantity: 1,
        },
  )
  const subtotal = priced.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  const discount = seed.discountCents ?? 0
  const first = priced[0]!
  const [head] = await db
    .insert(orders)
    .values({
      toolId: first.toolId,
      toolName: priced.map((l) => l.toolName).join(', '),
      unitPriceCents: first.unitPriceCents,
      quantity: priced.reduce((sum, l) => sum + l.quantity, 0),
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: subtotal - discount,
      customerEmail: 'buyer@example.com',
      customerName: 'Karim',
      phone: '+880 1700 000000',
      address: 'Dhaka',
      status: seed.status,
      paid: seed.paidAt !== undefined,
      paidAt: seed.paidAt ?? null,
      cancelReason: seed.cancelReason ?? null,
      paymentMethod: seed.paymentMethod ?? null,
      createdAt: seed.at,
    })
    .returning()
  if (!head) throw new Error('insert returned no row')
  await db.insert(orderLines).values(
    priced.map((line, position) => ({
      orderId: head.id,
      position,
      ...line,
      lineTotalCents: line.unitPriceCents * line.quantity,
      fromStock: line.quantity,
      shipsBy: shopDate(seed.at),
    })),
  )
  return head
}

async function withAdmin(onTestFinished: (fn: () => Promise<void>) => void) {
  const email = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [email] })
  const admin = await createUser(app, { email })
  return { app, admin }
}

const overview = (app: App, who: TestUser, query = '?days=30') =>
  app.inject({ method: 'GET', url: `/api/stats/overview${query}`, headers: bearer(who) })

/** The revenue of each day as a map, only the days with sales. */
const salesDays = (answer: Overview) =>
  Object.fromEntries(
    answer.revenueByDay.filter((d) => d.revenue !== 0).map((d) => [d.date, d.revenue]),
  )

describe('GET /api/stats/overview', () => {
  let tool: Record<'a' | 'b' | 'gone' | 'e' | 'f' | 'g' | 'h', ToolRow>
  let low: Record<'empty' | 'half' | 'short', ToolRow>

  beforeEach(async () => {
    const db = database.current.db
    tool = {
      a: await insertTool(db, { name: 'Hex key set', priceCents: 1000 }),
      b: await insertTool(db, { name: 'Torque wrench', priceCents: 2550 }),
      gone: await insertTool(db, { name: 'Old chisel', priceCents: 700 }),
      e: await insertTool(db, { name: 'Tool E', priceCents: 100 }),
      f: await insertTool(db, { name: 'Tool F', priceCents: 200 }),
      g: await insertTool(db, { name: 'Tool G', priceCents: 300 }),
      h: await insertTool(db, { name: 'Tool H', priceCents: 400 }),
    }
    low = {
      empty: await insertTool(db, { name: 'Empty shelf', quantity: 0, minimum: 1 }),
      half: await insertTool(db, { name: 'Quarter full', quantity: 5, minimum: 10 }),
      short: await insertTool(db, { name: 'Nearly there', quantity: 3, minimum: 2 }),
    }
    // Not low: exactly twice the minimum; deleted; made to order.
    await insertTool(db, { name: 'Just enough', quantity: 4, minimum: 2 })
    await insertTool(db, { name: 'Deleted empty', quantity: 0, minimum: 5, deletedAt: new Date() })
    await insertTool(db, {
      name: 'Made to order',
      quantity: 0,
      minimum: 3,
      madeToOrder: true,
      leadTimeDays: 5,
    })
  })

  async function seedOrders(app: App) {
    const db = database.current.db
    const customer = await createUser(app)
    const { request: custom } = await insertQuotedRequest(db, {
      customer,
      lines: [{ quantity: 1, unitPriceCents: 20_000 }],
    })
    const [account] = await db.select().from(users).where(eq(users.email, customer.email))
    const waiting = {
      customerId: account!.id,
      customerEmail: customer.email,
      customerName: customer.name,
      process: 'machining' as const,
      partName: 'Spacer',
      material: 'Steel',
      quantities: [10],
      phone: '+880 1711 000000',
      address: 'Gazipur',
      status: 'requested' as const,
    }
    await db.insert(quoteRequests).values([waiting, { ...waiting, partName: 'Shim' }])

    const edge = shopMidnight(daysAgo(5))
    const start30 = shopMidnight(daysAgo(29))
    const seeds: Seed[] = [
      // Two on the same day: 55.50 less a 5.50 discount, and a shipped 10.00.
      {
        status: 'paid',
        at: noonOf(daysAgo(2)),
        paidAt: noonOf(daysAgo(2)),
        discountCents: 550,
        lines: [
          { tool: tool.a, quantity: 3 },
          { tool: tool.b, quantity: 1 },
        ],
      },
      {
        status: 'shipped',
        at: noonOf(daysAgo(2)),
        paidAt: new Date(noonOf(daysAgo(2)).getTime() + 60 * MINUTE_MS),
        lines: [{ tool: tool.a, quantity: 1 }],
      },
      // Either side of the shop's midnight, both on the same UTC date.
      {
        status: 'paid',
        at: new Date(edge.getTime() - MINUTE_MS),
        paidAt: new Date(edge.getTime() - MINUTE_MS),
        lines: [{ tool: tool.gone, quantity: 2 }],
      },
      {
        status: 'paid',
        at: new Date(edge.getTime() + MINUTE_MS),
        paidAt: new Date(edge.getTime() + MINUTE_MS),
        lines: [{ tool: tool.b, quantity: 2 }],
      },
      // Not revenue: unpaid, cancelled, and paid then refunded (cancelled).
      { status: 'unpaid', at: noonOf(daysAgo(0)), lines: [{ tool: tool.a, quantity: 5 }] },
      {
        status: 'cancelled',
        at: noonOf(daysAgo(1)),
        cancelReason: 'customer',
        lines: [{ tool: tool.a, quantity: 7 }],
      },
      {
        status: 'cancelled',
        at: noonOf(daysAgo(1)),
        paidAt: noonOf(daysAgo(1)),
        cancelReason: 'refunded_out_of_stock',
        lines: [{ tool: tool.a, quantity: 100 }],
      },
      // A custom part (200.00, not a tool) and a tool today.
      {
        status: 'paid',
        at: noonOf(daysAgo(0)),
        paidAt: noonOf(daysAgo(0)),
        lines: [
          { quote: custom.id, name: 'Custom: Flange bracket', cents: 20_000 },
          { tool: tool.a, quantity: 1 },
        ],
      },
      // Four small tools, so that the ranking has to cut.
      {
        status: 'paid',
        at: noonOf(daysAgo(1)),
        paidAt: noonOf(daysAgo(1)),
        lines: [
          { tool: tool.e, quantity: 1 },
          { tool: tool.f, quantity: 1 },
          { tool: tool.g, quantity: 1 },
          { tool: tool.h, quantity: 1 },
        ],
      },
      // Either side of the 30-day period's first midnight.
      {
        status: 'paid',
        at: new Date(start30.getTime() - MINUTE_MS),
        paidAt: new Date(start30.getTime() - MINUTE_MS),
        lines: [{ tool: tool.a, quantity: 50 }],
      },
      {
        status: 'paid',
        at: new Date(start30.getTime() + MINUTE_MS),
        paidAt: new Date(start30.getTime() + MINUTE_MS),
        lines: [{ tool: tool.b, quantity: 1 }],
      },
      // Long ago: outside even 90 days.
      {
        status: 'shipped',
        at: noonOf(daysAgo(120)),
        paidAt: noonOf(daysAgo(120)),
        lines: [{ tool: tool.h, quantity: 1000 }],
      },
    ]
    for (const seed of seeds) await insertOrder(db, seed)
    await db.update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, tool.gone.id))
  }

  test('sums paid revenue per shop day, counts orders, ranks tools and lists low stock', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    await seedOrders(app)

    const res = await overview(app, admin, '?days=30')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const answer = OverviewSchema.parse(res.json())
    expect(answer.days).toBe(30)

    // One entry per day, oldest first, today last, days without sales at 0.
    expect(answer.revenueByDay).toHaveLength(30)
    expect(answer.revenueByDay.map((d) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => daysAgo(29 - i)),
    )
    expect(salesDays(answer)).toEqual({
      [daysAgo(0)]: 210,
      [daysAgo(1)]: 10,
      [daysAgo(2)]: 60,
      [daysAgo(5)]: 51,
      [daysAgo(6)]: 14,
      [daysAgo(29)]: 25.5,
    })
    expect(answer.revenueByDay.filter((d) => d.revenue === 0)).toHaveLength(24)

    expect(answer.ordersByStatus).toEqual({ unpaid: 1, paid: 6, shipped: 1, cancelled: 2 })
    expect(answer.topTools).toEqual([
      { id: tool.b.id, name: 'Torque wrench', deleted: false, units: 4, revenue: 102 },
      { id: tool.a.id, name: 'Hex key set', deleted: false, units: 5, revenue: 50 },
      { id: tool.gone.id, name: 'Old chisel', deleted: true, units: 2, revenue: 14 },
      { id: tool.h.id, name: 'Tool H', deleted: false, units: 1, revenue: 4 },
      { id: tool.g.id, name: 'Tool G', deleted: false, units: 1, revenue: 3 },
    ])
    expect(answer.lowStock).toEqual([
      { id: low.empty.id, name: 'Empty shelf', quantity: 0, minimum: 1 },
      { id: low.half.id, name: 'Quarter full', quantity: 5, minimum: 10 },
      { id: low.short.id, name: 'Nearly there', quantity: 3, minimum: 2 },
    ])
    expect(answer.quotesWaiting).toBe(2)
  })

  test('the 7-day and 90-day periods move both ends', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    await seedOrders(app)

    const week = OverviewSchema.parse((await overview(app, admin, '?days=7')).json())
    expect(week.days).toBe(7)
    expect(week.revenueByDay.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)),
    )
    expect(salesDays(week)).toEqual({
      [daysAgo(0)]: 210,
      [daysAgo(1)]: 10,
      [daysAgo(2)]: 60,
      [daysAgo(5)]: 51,
      [daysAgo(6)]: 14,
    })
    expect(week.ordersByStatus).toEqual({ unpaid: 1, paid: 5, shipped: 1, cancelled: 2 })
    expect(week.topTools.map((t) => [t.name, t.units, t.revenue])).toEqual([
      ['Torque wrench', 3, 76.5],
      ['Hex key set', 5, 50],
      ['Old chisel', 2, 14],
      ['Tool H', 1, 4],
      ['Tool G', 1, 3],
    ])

    const quarter = OverviewSchema.parse((await overview(app, admin, '?days=90')).json())
    expect(quarter.revenueByDay).toHaveLength(90)
    expect(quarter.revenueByDay[0]!.date).toBe(daysAgo(89))
    expect(salesDays(quarter)).toEqual({
      ...salesDays(week),
      [daysAgo(29)]: 25.5,
      [daysAgo(30)]: 500,
    })
    expect(quarter.ordersByStatus).toEqual({ unpaid: 1, paid: 7, shipped: 1, cancelled: 2 })
    expect(quarter.topTools[0]).toEqual({
      id: tool.a.id,
      name: 'Hex key set',
      deleted: false,
      units: 55,
      revenue: 550,
    })
  })

  test('an empty shop answers zeros for every day and status', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const answer = OverviewSchema.parse((await overview(app, admin, '')).json())
    expect(answer.days).toBe(30)
    expect(answer.revenueByDay).toHaveLength(30)
    expect(answer.revenueByDay.every((d) => d.revenue === 0)).toBe(true)
    expect(answer.ordersByStatus).toEqual({ unpaid: 0, paid: 0, shipped: 0, cancelled: 0 })
    expect(answer.topTools).toEqual([])
    expect(answer.quotesWaiting).toBe(0)
    expect(answer.revenueByMethod).toEqual([
      { method: 'sslcommerz', revenue: 0 },
      { method: 'bank-transfer', revenue: 0 },
      { method: 'card', revenue: 0 },
    ])
    expect(answer.refunds).toEqual({ toRefund: 0, due: 0 })
  })

  test('counts refunds a provider has not made yet and refunds due by hand', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const db = database.current.db
    const order = await insertOrder(db, {
      status: 'cancelled',
      at: noonOf(daysAgo(1)),
      paidAt: noonOf(daysAgo(1)),
      cancelReason: 'customer',
      lines: [{ tool: tool.a, quantity: 1 }],
    })
    const states = ['requested', 'failed', 'failed', 'due', 'done'] as const
    for (const [n, state] of states.entries()) {
      const [payment] = await db
        .insert(payments)
        .values({
          orderId: order.id,
          provider: 'sandbox',
          method: 'card',
          providerPaymentId: `pi_${n}`,
          amountCents: 1000,
          currency: 'USD',
          state: 'received',
          receivedAt: noonOf(daysAgo(1)),
        })
        .returning()
      await db.insert(refunds).values({
        paymentId: payment!.id,
        orderId: order.id,
        amountCents: 1000,
        currency: 'USD',
        reason: 'cancelled',
        state,
      })
    }
    const answer = OverviewSchema.parse((await overview(app, admin)).json())
    expect(answer.refunds).toEqual({ toRefund: 3, due: 1 })
  })

  test('counts the period’s paid revenue by payment method, no method as card', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const db = database.current.db
    const paidOn = (n: number) => noonOf(daysAgo(n))
    const line = (quantity: number) => [{ tool: tool.a, quantity }]
    // SSLCommerz: one paid, one shipped; bank transfer: one paid; card: one recorded, one from
    // before methods were recorded (null).
    await insertOrder(db, {
      status: 'paid',
      at: paidOn(3),
      paidAt: paidOn(3),
      paymentMethod: 'sslcommerz',
      lines: line(2),
    })
    await insertOrder(db, {
      status: 'shipped',
      at: paidOn(5),
      paidAt: paidOn(5),
      paymentMethod: 'sslcommerz',
      lines: line(3),
    })
    await insertOrder(db, {
      status: 'paid',
      at: paidOn(1),
      paidAt: paidOn(1),
      paymentMethod: 'bank-transfer',
      lines: line(10),
    })
    await insertOrder(db, {
      status: 'paid',
      at: paidOn(2),
      paidAt: paidOn(2),
      paymentMethod: 'card',
      lines: line(1),
    })
    await insertOrder(db, { status: 'shipped', at: paidOn(4), paidAt: paidOn(4), lines: line(4) })
    // Not revenue: unpaid, cancelled (refunded), or paid before the period.
    await insertOrder(db, {
      status: 'unpaid',
      at: paidOn(1),
      paymentMethod: 'bank-transfer',
      lines: line(7),
    })
    await insertOrder(db, {
      status: 'cancelled',
      at: paidOn(2),
      paidAt: paidOn(2),
      cancelReason: 'customer',
      paymentMethod: 'sslcommerz',
      lines: line(9),
    })
    await insertOrder(db, {
      status: 'paid',
      at: paidOn(40),
      paidAt: paidOn(40),
      paymentMethod: 'bank-transfer',
      lines: line(6),
    })

    const answer = OverviewSchema.parse((await overview(app, admin)).json())
    expect(answer.revenueByMethod).toEqual([
      { method: 'sslcommerz', revenue: 50 },
      { method: 'bank-transfer', revenue: 100 },
      { method: 'card', revenue: 50 },
    ])
    // The methods add up to the revenue by day.
    const total = answer.revenueByDay.reduce((sum, d) => sum + d.revenue, 0)
    expect(answer.revenueByMethod.reduce((sum, m) => sum + m.revenue, 0)).toBe(total)

    const quarter = OverviewSchema.parse((await overview(app, admin, '?days=90')).json())
    expect(quarter.revenueByMethod.find((m) => m.method === 'bank-transfer')?.revenue).toBe(160)
  })

  test('refuses any other period with 400 and a clear message', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    for (const query of [
      '?days=14',
      '?days=abc',
      '?days=',
      '?days=30.0',
      '?days=-7',
      '?days=1e9',
    ]) {
      const res = await overview(app, admin, query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { days: overviewWords.daysInvalid } },
      })
    }
  })

  test('is for admins only', async ({ onTestFinished }) => {
    const { app } = await withAdmin(onTestFinished)
    const customer = await createUser(app)
    expect((await overview(app, customer)).statusCode).toBe(403)
    const anonymous = await app.inject({ method: 'GET', url: '/api/stats/overview' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('periodEnding', () => {
  test('covers whole shop days, today included, from the first shop midnight', () => {
    // 19:30 UTC on 1 March is 01:30 on 2 March in Dhaka.
    const period = periodEnding(new Date('2026-03-01T19:30:00Z'), 7, 360)
    expect(period).toEqual({
      from: new Date('2026-02-23T18:00:00Z'),
      to: new Date('2026-03-02T18:00:00Z'),
      firstDate: '2026-02-24',
      lastDate: '2026-03-02',
      offsetMinutes: 360,
    })
  })
})
