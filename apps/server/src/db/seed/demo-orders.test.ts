import { count, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { passwordsInFile, signIn } from '../../../test/demo-accounts.js'
import type { App } from '../../app.js'
import {
  contactMessages,
  newsletterSubscribers,
  orderLines,
  orders,
  tools,
  users,
} from '../schema/index.js'
import { seedTools } from './catalog/tools.js'
import { DEMO_ORDER_DAYS, DEMO_ORDER_PLAN } from './demo-orders.js'
import { seedDemoData } from './seed.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

async function seedAsDevelopment(app: App) {
  const hashPassword = (await app.services.auth.$context).password.hash
  return seedDemoData(database.current.db, app.services.media, {
    dataDir: app.config.dataDir,
    hashPassword,
  })
}

async function statusCounts() {
  const rows = await database.current.db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status)
  return Object.fromEntries(rows.map((r) => [r.status, r.n]))
}

test('a development seed makes about 60 orders of every status over the last 90 days, once', async () => {
  const app = testApp.current
  const before = Date.now()
  const first = await seedAsDevelopment(app)
  expect(first.orders).toBe(60)
  // Plus the paid order of the ordered demo quote (demo-quotes.ts).
  expect(await statusCounts()).toEqual({ ...DEMO_ORDER_PLAN, paid: DEMO_ORDER_PLAN.paid + 1 })

  const { db } = database.current
  const all = await db.select().from(orders)
  const lines = await db.select().from(orderLines)
  // Several multi-line orders, from the demo buyer and four others.
  const perOrder = new Map<string, typeof lines>()
  for (const l of lines) perOrder.set(l.orderId, [...(perOrder.get(l.orderId) ?? []), l])
  expect([...perOrder.values()].filter((ls) => ls.length > 1).length).toBeGreaterThanOrEqual(10)
  expect(new Set(all.map((o) => o.customerEmail)).size).toBe(5)
  expect(all.some((o) => o.customerEmail === 'buyer@demo.toolworks.test')).toBe(true)

  for (const o of all) {
    const own = (perOrder.get(o.id) ?? []).sort((a, b) => a.position - b.position)
    expect(own.length).toBeGreaterThan(0)
    for (const l of own) {
      expect(l.lineTotalCents).toBe(l.quantity * l.unitPriceCents)
      expect(l.fromStock + l.madeToOrder).toBe(l.quantity)
    }
    expect(o.subtotalCents).toBe(own.reduce((s, l) => s + l.lineTotalCents, 0))
    expect(o.totalCents).toBe(o.subtotalCents - o.discountCents)
    // Domestic dollar orders, showing the 15% VAT their lines hold.
    expect(o).toMatchObject({ currency: 'USD', country: 'BD', vatRate: 15 })
    expect(o.vatCents).toBe(
      own.reduce((s, l) => s + l.lineTotalCents - Math.round((l.lineTotalCents * 100) / 115), 0),
    )
    expect(o.quantity).toBe(own.reduce((s, l) => s + l.quantity, 0))
    expect(o.toolId).toBe(own[0]?.toolId)
    const age = before - o.createdAt.getTime()
    expect(age).toBeLessThanOrEqual(DEMO_ORDER_DAYS * 86_400_000)
    if (o.status === 'paid' || o.status === 'shipped') {
      expect(o.paid).toBe(true)
      expect(o.transactionId).toMatch(/^pi_sandbox_[0-9a-f]{24}$/)
      expect(o.paidAt?.getTime()).toBeGreaterThan(o.createdAt.getTime())
    } else {
      expect(o.paid).toBe(false)
      expect(o.transactionId).toBeNull()
      expect(o.paidAt).toBeNull()
    }
    expect(o.cancelReason === null).toBe(o.status !== 'cancelled')
    // An unpaid order is recent, else the hold sweeper would cancel it at start.
    if (o.status === 'unpaid') expect(age).toBeLessThan(24 * 3_600_000)
  }

  // Stock: the seed quantity less what the live orders took from it, never negative.
  const liveTaken = await db
    .select({ toolId: orderLines.toolId, units: sql<number>`sum(${orderLines.fromStock})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orders.status} <> 'cancelled'`)
    .groupBy(orderLines.toolId)
  const takenBy = new Map(liveTaken.map((r) => [r.toolId, r.units]))
  const toolRows = await db.select().from(tools)
  for (const t of toolRows) {
    const seeded = seedTools.find((s) => s.name === t.name)
    expect(t.quantity).toBeGreaterThanOrEqual(0)
    expect(t.quantity).toBe((seeded?.quantity ?? 0) - (takenBy.get(t.id) ?? 0))
  }
  expect([...takenBy.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0)

  const [messageCount] = await db.select({ n: count() }).from(contactMessages)
  const [subscriberCount] = await db.select({ n: count() }).from(newsletterSubscribers)
  expect(messageCount?.n).toBe(4)
  expect(subscriberCount?.n).toBe(5)

  // Manage Orders shows them to the demo admin, and My Orders the demo buyer's own.
  const password = (email: string) => passwordsInFile(app.config.dataDir).get(email)?.password
  const admin = await signIn(
    app,
    'admin@demo.toolworks.test',
    password('admin@demo.toolworks.test') ?? '',
  )
  const asAdmin = await app.inject({
    method: 'GET',
    url: '/api/purchase/admin',
    headers: { authorization: `Bearer ${admin.token}` },
  })
  expect(asAdmin.statusCode, asAdmin.body).toBe(200)
  expect(asAdmin.body).toContain('pi_sandbox_')
  const buyer = await signIn(
    app,
    'buyer@demo.toolworks.test',
    password('buyer@demo.toolworks.test') ?? '',
  )
  const mine = await app.inject({
    method: 'GET',
    url: '/api/purchase?customer=buyer@demo.toolworks.test',
    headers: { authorization: `Bearer ${buyer.token}` },
  })
  expect(mine.statusCode, mine.body).toBe(200)
  const ownCount = all.filter((o) => o.customerEmail === 'buyer@demo.toolworks.test').length
  expect(JSON.stringify(mine.json())).toContain('buyer@demo.toolworks.test')
  expect(ownCount).toBeGreaterThan(0)

  const second = await seedAsDevelopment(app)
  expect(second.orders).toBe(0)
  const [orderCount] = await db.select({ n: count() }).from(orders)
  expect(orderCount?.n).toBe(61)
  const [userCount] = await db.select({ n: count() }).from(users)
  expect(userCount?.n).toBe(6)
})

test('the history is the same on every fresh database (seeded, not random)', async () => {
  const app = testApp.current
  await seedAsDevelopment(app)
  // The plan's stock orders; the ordered demo quote's custom order (no tool) is demo-quotes'.
  const [sums] = await database.current.db
    .select({ total: sql<number>`sum(${orders.totalCents})::int`, n: count() })
    .from(orders)
    .where(sql`${orders.toolId} is not null`)
  const lines = await database.current.db
    .select({ q: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(sql`${orderLines.toolId} is not null`)
  expect(sums?.n).toBe(60)
  // The plan's numbers: a change to the generator, the plan or the demo prices shows here.
  expect({ total: sums?.total, units: lines[0]?.q }).toEqual({ total: 2_005_985, units: 1081 })
})

test('without the development setup (production, or seeding off) there is no history', async () => {
  const app = testApp.current
  const result = await seedDemoData(database.current.db, app.services.media)
  expect(result.tools).toBeGreaterThan(0)
  expect(result.orders).toBe(0)
  const { db } = database.current
  for (const table of [orders, users, contactMessages, newsletterSubscribers]) {
    const [row] = await db.select({ n: count() }).from(table)
    expect(row?.n).toBe(0)
  }
})
