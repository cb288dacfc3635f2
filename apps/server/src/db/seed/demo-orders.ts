import { randomUUID } from 'node:crypto'

import { priceLine, shipsBy, type PricedTool } from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'

import { seededRandom } from '../../lib/seeded-random.js'
import type { Tx } from '../client.js'
import {
  contactMessages,
  newsletterSubscribers,
  orderLines,
  orders,
  tools,
  users,
} from '../schema/index.js'
import type { SeedTool } from './catalog/tools.js'
import { DEMO_VAT_PERCENT, vatOf } from './demo-vat.js'

/**
 * A lived-in demo shop: about 60 orders over the last 90 days from the demo buyer
 * and four other demo buyers, a few contact messages and newsletter subscriptions. Made in the
 * seed's transaction with the demo accounts, so only a development shop's first start has them.
 *
 * Stock: the seeded quantities are what the factory made; every live (unpaid, paid, shipped)
 * demo order's from-stock units are then taken from them, as a real order would, so the
 * tools' stock is the seed quantity less what the live orders hold. Cancelled orders hold none.
 *
 * Deterministic: a seeded generator, not Math.random, so tests can count and sum.
 */
export const DEMO_ORDER_PLAN = { unpaid: 6, paid: 18, shipped: 28, cancelled: 8 } as const
export const DEMO_ORDER_DAYS = 90

export const DEMO_BUYERS = [
  { email: 'buyer@demo.toolworks.test', name: 'Demo Buyer', address: 'House 12, Road 3, Gazipur' },
  { email: 'nadia@demo.toolworks.test', name: 'Nadia Rahman', address: '45 Station Road, Khulna' },
  { email: 'tomas@demo.toolworks.test', name: 'Tomas Keller', address: '8 Mill Lane, Chittagong' },
  {
    email: 'amina@demo.toolworks.test',
    name: 'Amina Yusuf',
    address: '2 Dock Street, Narayanganj',
  },
  { email: 'li.wei@demo.toolworks.test', name: 'Li Wei', address: '19 Kiln Road, Tongi' },
] as const

const DEMO_MESSAGES = [
  ['Tomas Keller', 'tomas@demo.toolworks.test', 'Do you sell replacement jaws for the bench vise?'],
  ['Amina Yusuf', 'amina@demo.toolworks.test', 'Can we get an invoice with our VAT number on it?'],
  ['Rafiq Hasan', 'rafiq@example.com', 'Is there a trade discount above 1,000 bolt packs a month?'],
  ['Li Wei', 'li.wei@demo.toolworks.test', 'The torque wrench arrived with no calibration sheet.'],
] as const

const DEMO_SUBSCRIBERS = [
  'nadia@demo.toolworks.test',
  'amina@demo.toolworks.test',
  'workshop@example.com',
  'purchasing@example.org',
  'li.wei@demo.toolworks.test',
] as const

const SEED = 18
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** Unpaid orders are recent: an older one would be cancelled by the hold sweeper at start. */
const UNPAID_WITHIN_MS = 20 * 3_600_000

/** The same sequence on every machine (seededRandom). */
function generator(seed: number) {
  const next = seededRandom(seed)
  const int = (below: number) => Math.floor(next() * below)
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)] as T }
}

type Status = keyof typeof DEMO_ORDER_PLAN
export type DemoShopResult = { orders: number; messages: number; subscribers: number }

/** The plan's statuses, shuffled the same way every time. */
function statuses(rand: ReturnType<typeof generator>): Status[] {
  const list = (Object.keys(DEMO_ORDER_PLAN) as Status[]).flatMap((s) =>
    Array.from({ length: DEMO_ORDER_PLAN[s] }, () => s),
  )
  for (let i = list.length - 1; i > 0; i--) {
    const j = rand.int(i + 1)
    ;[list[i], list[j]] = [list[j] as Status, list[i] as Status]
  }
  return list
}

/**
 * Inside the seed's transaction, after the demo accounts: the other buyers, the orders (their
 * stock taken from the just-seeded tools), the messages and the subscriptions.
 */
export async function insertDemoShop(
  tx: Tx,
  seeded: readonly { id: string; seed: SeedTool }[],
  now: number,
): Promise<DemoShopResult> {
  const rand = generator(SEED)
  const buyerIds: string[] = []
  for (const buyer of DEMO_BUYERS) {
    const [found] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, buyer.email))
    if (found) {
      buyerIds.push(found.id)
      continue
    }
    const id = randomUUID()
    // A plain account with no password: it is there to have bought, not to sign in.
    await tx.insert(users).values({
      id,
      name: buyer.name,
      email: buyer.email,
      emailVerified: true,
      role: 'customer',
      createdAt: new Date(now - (DEMO_ORDER_DAYS + 10) * DAY_MS),
      updatedAt: new Date(now - (DEMO_ORDER_DAYS + 10) * DAY_MS),
    })
    buyerIds.push(id)
  }

  const stock = new Map(seeded.map((t) => [t.id, t.seed.quantity]))
  const taken = new Map<string, number>()
  const plan = statuses(rand)
  for (const [index, status] of plan.entries()) {
    const b = rand.int(DEMO_BUYERS.length)
    const buyer = DEMO_BUYERS[b] ?? DEMO_BUYERS[0]
    const customerId = buyerIds[b] ?? ''
    const ageMs =
      status === 'unpaid'
        ? MINUTE_MS * (10 + rand.int(UNPAID_WITHIN_MS / MINUTE_MS - 10))
        : DAY_MS + rand.int((DEMO_ORDER_DAYS - 1) * DAY_MS)
    const at = new Date(now - ageMs)

    // About a third of the orders have two or three lines, each of a different tool.
    const lineCount = rand.next() < 0.35 ? 2 + rand.int(2) : 1
    const chosen: { id: string; seed: SeedTool }[] = []
    while (chosen.length < lineCount) {
      const tool = rand.pick(seeded)
      if (!chosen.some((c) => c.id === tool.id)) chosen.push(tool)
    }
    const lines = chosen.map((tool, position) => {
      const t = tool.seed
      const pack = t.packSize ?? 1
      const smallest = Math.ceil(t.minimum / pack) * pack
      const quantity = smallest * (1 + rand.int(4))
      const priced: PricedTool = {
        priceCents: t.priceCents,
        priceBreaks: t.priceBreaks ?? [],
        packSize: pack,
        minimum: t.minimum,
        stock: stock.get(tool.id) ?? 0,
        madeToOrder: t.madeToOrder ?? false,
        leadTimeDays: t.leadTimeDays ?? null,
      }
      const p = priceLine(priced, quantity)
      if (status !== 'cancelled') {
        stock.set(tool.id, (stock.get(tool.id) ?? 0) - p.fromStock)
        taken.set(tool.id, (taken.get(tool.id) ?? 0) + p.fromStock)
      }
      return {
        position,
        toolId: tool.id,
        toolName: t.name,
        unitPriceCents: p.unitPriceCents,
        quantity: p.quantity,
        lineTotalCents: p.lineTotalCents,
        fromStock: p.fromStock,
        madeToOrder: p.madeToOrder,
        shipsBy: shipsBy(priced, p, at),
      }
    })
    const head = lines[0]
    if (!head) throw new Error('a demo order needs a line')

    const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0)
    const paid = status === 'paid' || status === 'shipped'
    const paymentId = paid ? `pi_sandbox_${hex(rand, 24)}` : null
    const paidAt = paid ? new Date(at.getTime() + MINUTE_MS * (2 + rand.int(120))) : null
    const updatedAt =
      status === 'shipped' && paidAt
        ? new Date(Math.min(now, paidAt.getTime() + DAY_MS * (1 + rand.int(3))))
        : (paidAt ?? at)
    const [order] = await tx
      .insert(orders)
      .values({
        toolId: head.toolId,
        toolName: lines.map((l) => l.toolName).join(', '),
        unitPriceCents: head.unitPriceCents,
        quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
        subtotalCents,
        discountCents: 0,
        totalCents: subtotalCents,
        // Domestic dollar orders at list prices: the VAT their lines hold.
        vatRate: DEMO_VAT_PERCENT,
        vatCents: vatOf(lines),
        customerId,
        customerEmail: buyer.email,
        customerName: buyer.name,
        phone: `+880 1711 ${String(100_000 + index * 7919).slice(-6)}`,
        address: buyer.address,
        status,
        paid,
        transactionId: paymentId,
        paymentIntentId: paymentId,
        paidAt,
        // The demo's history was paid by card (its method and state).
        paymentMethod: paid ? 'card' : null,
        paymentState: paid ? 'paid' : 'unpaid',
        cancelReason:
          status === 'cancelled' ? rand.pick(['customer', 'admin', 'expired'] as const) : null,
        createdAt: at,
        updatedAt,
      })
      .returning({ id: orders.id })
    if (!order) throw new Error('insert returned no row')
    await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order.id })))
  }

  // One update per tool, taking what the live orders hold; the check keeps it from going
  // below zero should the seed quantities ever be lowered under what the plan sells.
  for (const [toolId, units] of taken) {
    const updated = await tx
      .update(tools)
      .set({ quantity: sql`${tools.quantity} - ${units}` })
      .where(sql`${tools.id} = ${toolId} and ${tools.quantity} >= ${units}`)
      .returning({ id: tools.id })
    if (updated.length !== 1) throw new Error('the demo orders sell more than the demo stock')
  }

  await tx.insert(contactMessages).values(
    DEMO_MESSAGES.map(([name, email, message], i) => ({
      name,
      email,
      message,
      createdAt: new Date(now - (3 + i * 9) * DAY_MS),
      updatedAt: new Date(now - (3 + i * 9) * DAY_MS),
    })),
  )
  await tx
    .insert(newsletterSubscribers)
    .values(
      DEMO_SUBSCRIBERS.map((email, i) => ({
        email,
        createdAt: new Date(now - (5 + i * 13) * DAY_MS),
        updatedAt: new Date(now - (5 + i * 13) * DAY_MS),
      })),
    )
    // An address already on the list (a shop whose catalogue was emptied) stays as it was.
    .onConflictDoNothing()
  return {
    orders: plan.length,
    messages: DEMO_MESSAGES.length,
    subscribers: DEMO_SUBSCRIBERS.length,
  }
}

function hex(rand: ReturnType<typeof generator>, length: number): string {
  let out = ''
  while (out.length < length) out += rand.int(16).toString(16)
  return out
}
