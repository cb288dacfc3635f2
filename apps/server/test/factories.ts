import type { Db } from '../src/db/client.js'
import { orderLines, orders, tools } from '../src/db/schema/index.js'

type ToolInsert = typeof tools.$inferInsert

let sequence = 0

/** A valid tool row; override only what the test is about (docs/conventions.md §7). */
export function makeToolRow(overrides: Partial<ToolInsert> = {}): ToolInsert {
  sequence += 1
  return {
    name: `Test wrench ${sequence}`,
    description: 'Drop-forged chrome vanadium steel.',
    image: '/media/0123456789abcdef0123456789abcdef-800.webp',
    priceCents: 1999,
    quantity: 100,
    minimum: 1,
    ...overrides,
  }
}

export async function insertTool(db: Db, overrides: Partial<ToolInsert> = {}) {
  const [row] = await db.insert(tools).values(makeToolRow(overrides)).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

type OrderInsert = typeof orders.$inferInsert

/**
 * One-line unpaid orders of a tool as ordering stores them (a head and its line, all
 * from stock), for tests that need orders in a state no route makes quickly (old ones).
 */
export async function insertOneLineOrders(
  db: Db,
  tool: { id: string; name: string; priceCents: number },
  rows: (Pick<OrderInsert, 'quantity' | 'customerEmail' | 'customerName'> & Partial<OrderInsert>)[],
) {
  if (rows.length === 0) return []
  // One transaction, as the app writes an order and its lines: a hold sweep running between an
  // order and its lines would cancel it with nothing to return (order-holds.pg.test saw that).
  return db.transaction(async (tx) => {
    const heads = await tx
      .insert(orders)
      .values(
        rows.map((row) => ({
          toolId: tool.id,
          toolName: tool.name,
          unitPriceCents: tool.priceCents,
          subtotalCents: row.quantity * tool.priceCents,
          totalCents: row.quantity * tool.priceCents,
          phone: '+880 1700 000000',
          address: 'Dhaka',
          ...row,
        })),
      )
      .returning()
    await tx.insert(orderLines).values(
      heads.map((head) => ({
        orderId: head.id,
        position: 0,
        toolId: tool.id,
        toolName: tool.name,
        unitPriceCents: tool.priceCents,
        quantity: head.quantity,
        lineTotalCents: head.quantity * tool.priceCents,
        fromStock: head.quantity,
        madeToOrder: 0,
        shipsBy: head.createdAt.toISOString().slice(0, 10),
      })),
    )
    return heads
  })
}
