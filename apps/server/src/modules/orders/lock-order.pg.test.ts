import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { selectRows, type Tx } from '../../db/client.js'
import { lockToolsInOrder, takeCheckedStock } from '../catalog/catalog.queries.js'

/**
 * Two carts holding the same two tools in opposite order. Locking line by line, as a
 * naive checkout would, deadlocks; locking every tool first, in id order (what each order's
 * transaction does, lib/transaction-batcher.ts), makes the second wait and then go on.
 */
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

/** The SQLSTATE of a database error, through the driver's and Drizzle's wrappers. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let i = 0; i < 5 && current; i++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** A promise to resolve from outside, for lining the two transactions up without sleeping. */
function signal() {
  let fire = () => {}
  const fired = new Promise<void>((resolve) => (fire = resolve))
  return { fire, fired }
}

const lockOne = (tx: Tx, id: string) =>
  tx.execute(sql`select id from tools where id = ${id} for no key update`)

/** How many transactions of this database wait on a lock now. */
async function waiting(): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  )
  return row?.n ?? 0
}

async function untilWaiting(n: number) {
  while ((await waiting()) < n) await new Promise((resolve) => setImmediate(resolve))
}

/** Whether a row is free of locks right now (SKIP LOCKED passes a locked row by). */
async function isFree(id: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    database.db,
    sql`select id from tools where id = ${id} for no key update skip locked`,
  )
  return rows.length === 1
}

/**
 * Two carts with the same two tools in opposite order, each locking with `lock` and then taking
 * one of each. A third transaction holds the lower tool until both carts wait, the cart that
 * starts with it queued first, so the same interleaving is tried every time.
 */
async function twoOppositeCarts(lock: (tx: Tx, ids: string[]) => Promise<void>) {
  const [low, high] = [
    (await insertTool(database.db, { quantity: 10 })).id,
    (await insertTool(database.db, { quantity: 10 })).id,
  ].sort()
  if (!low || !high) throw new Error('two tools expected')
  const holds = signal()
  const release = signal()
  const holder = database.db.transaction(async (tx) => {
    await lockOne(tx, low)
    holds.fire()
    await release.fired
  })
  await holds.fired
  const cart = (lines: string[]) =>
    database.db.transaction(async (tx) => {
      await lock(tx, lines)
      for (const id of lines) await takeCheckedStock(tx, id, 1)
    })
  const lowFirst = cart([low, high])
  await untilWaiting(1)
  const highFirst = cart([high, low])
  await untilWaiting(2)
  const highWasFree = await isFree(high)
  release.fire()
  await holder
  const outcomes = await Promise.allSettled([lowFirst, highFirst])
  const stock = await selectRows<{ quantity: number }>(
    database.db,
    sql`select quantity from tools where id in (${low}, ${high})`,
  )
  return { outcomes, highWasFree, stock: stock.map((r) => r.quantity) }
}

/** Deadlock victims PostgreSQL has counted in this database (see orders-concurrency.pg.test.ts). */
async function deadlocks(): Promise<number> {
  await database.db.execute(sql`select pg_stat_clear_snapshot()`)
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
  )
  return row?.n ?? 0
}

test('locking line by line, two carts with the same tools in opposite order deadlock (40P01)', async () => {
  const before = await deadlocks()
  const naive = async (tx: Tx, ids: string[]) => {
    for (const id of ids) await lockOne(tx, id)
  }
  const { outcomes, highWasFree, stock } = await twoOppositeCarts(naive)
  // The second cart held the higher tool while it waited for the lower one.
  expect(highWasFree).toBe(false)
  const failed = outcomes.filter((o) => o.status === 'rejected')
  expect(failed).toHaveLength(1)
  expect(sqlState((failed[0] as PromiseRejectedResult).reason)).toBe('40P01')
  expect(stock).toEqual([9, 9])
  // The statistics the multi-process test reads count it (a backend reports within a second
  // or so of going idle; the test's own time limit bounds the wait).
  while ((await deadlocks()) === before) await new Promise((resolve) => setTimeout(resolve, 100))
})

test('locking every tool first, in id order, the same two carts both go through', async () => {
  const { outcomes, highWasFree, stock } = await twoOppositeCarts(async (tx, ids) => {
    await lockToolsInOrder(tx, ids)
  })
  // Waiting for the lower tool, neither cart held the higher one: no circle can form.
  expect(highWasFree).toBe(true)
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled'])
  expect(stock).toEqual([8, 8])
})
