import { sql } from 'drizzle-orm'
import pg from 'pg'
import { expect, test, vi } from 'vitest'

import { signUp } from '../../../test/accounts.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { purchase, stockOf } from '../../../test/orders.js'
import { selectRows } from '../../db/client.js'

/**
 * Orders that share a transaction are read and written set-wise, so the
 * transaction costs the same handful of statements whether it holds one order or forty
 * (flows/checkout.ts, `writePending`). Counted on the wire: every statement the pool's
 * clients send, cut into transactions at begin and commit.
 */
const database = useTestDatabase()
const app = useTestApp(database)

/**
 * begin, users locked, their unpaid orders, tools locked, keys locked, stock, orders, lines,
 * the orders and lines read back, commit.
 */
const STATEMENTS_PER_SHARED_TRANSACTION = 11

test('a shared order transaction sends the same statements for 1 order as for many, and every order is whole', async () => {
  const tool = await insertTool(database.current.db, { priceCents: 500, quantity: 1_000 })
  const buyers = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      signUp(app.current, { remoteAddress: `10.31.3.${i + 1}` }),
    ),
  )

  // Calls through to the real query; only what was sent, and by which client, is noted.
  const spy = vi.spyOn(pg.Client.prototype, 'query')
  const answers = await Promise.all(
    buyers.map((buyer, i) =>
      purchase(app.current, buyer, tool.id, 1 + (i % 3), {
        phone: `+880 1711 0000${String(i).padStart(2, '0')}`,
        address: `House ${i}, Road 5, Dhanmondi`,
      }),
    ),
  )
  const sent = spy.mock.calls.map(([first], i) => ({
    client: spy.mock.contexts[i],
    text: (typeof first === 'string' ? first : (first as { text?: string }).text) ?? '',
  }))
  vi.restoreAllMocks()
  // Each client's statements from begin to commit are one transaction.
  const open = new Map<unknown, string[]>()
  const transactions: string[][] = []
  for (const { client, text } of sent) {
    if (/^\s*begin/i.test(text)) open.set(client, [text])
    else if (open.has(client)) {
      open.get(client)?.push(text)
      if (/^\s*(commit|rollback)/i.test(text)) {
        transactions.push(open.get(client) ?? [])
        open.delete(client)
      }
    }
  }
  expect(answers.map((a) => a.statusCode)).toEqual(buyers.map(() => 201))

  const ordering = transactions.filter((t) => t.some((s) => /insert into "orders"/i.test(s)))
  // The 24 orders shared commits: at least one transaction held several of them ...
  const perCommit = await selectRows<{ n: number }>(
    database.current.db,
    sql`select count(*)::int as n from orders where tool_id = ${tool.id} group by xmin::text`,
  )
  expect(Math.max(...perCommit.map((r) => r.n))).toBeGreaterThanOrEqual(5)
  expect(ordering.length).toBe(perCommit.length)
  // ... and none sent more statements than a transaction of one order does.
  for (const statements of ordering)
    expect(statements.length).toBeLessThanOrEqual(STATEMENTS_PER_SHARED_TRANSACTION)

  // Written set-wise, every order still has its own lines, amounts and stock.
  const quantities = buyers.map((_, i) => 1 + (i % 3))
  const orders = answers.map((a) =>
    a.json<{
      order: {
        _id: string
        purchaseQuantity: number
        totalMoney: number
        lines: { quantity: number }[]
      }
    }>(),
  )
  expect(orders.map((o) => o.order.purchaseQuantity)).toEqual(quantities)
  expect(orders.map((o) => o.order.totalMoney)).toEqual(quantities.map((q) => 5 * q))
  expect(orders.map((o) => o.order.lines.map((l) => l.quantity))).toEqual(
    quantities.map((q) => [q]),
  )
  expect(new Set(orders.map((o) => o.order._id)).size).toBe(24)
  expect(await stockOf(database.current.db, tool.id)).toBe(
    1_000 - quantities.reduce((a, b) => a + b, 0),
  )
})
