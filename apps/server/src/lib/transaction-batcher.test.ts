import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { useTestDatabase } from '../../test/database.js'
import { selectRows, type Tx } from '../db/client.js'
import { AppError } from './app-error.js'
import { createTransactionBatcher, mergeLockSets } from './transaction-batcher.js'

const database = useTestDatabase()

async function freshTable(): Promise<string> {
  const name = `batch_${Math.random().toString(36).slice(2, 10)}`
  await database.current.db.execute(
    sql.raw(`create table ${name} (id int primary key, v int not null check (v >= 0))`),
  )
  return name
}

const insert = (table: string, id: number, v: number) => (tx: Tx) =>
  tx.execute(sql.raw(`insert into ${table} (id, v) values (${id}, ${v})`))

async function ids(table: string): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    database.current.db,
    sql.raw(`select id from ${table} order by id`),
  )
  return rows.map((r) => r.id)
}

test('writes that arrive together share commits, and every one of them is committed', async () => {
  const table = await freshTable()
  const batcher = createTransactionBatcher(database.current.db)
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      batcher.run({}, async (tx) => {
        await insert(table, i, i)(tx)
        const [row] = await selectRows<{ txid: string }>(
          tx,
          sql`select txid_current()::text as txid`,
        )
        return row?.txid ?? ''
      }),
    ),
  )
  expect(await ids(table)).toEqual(Array.from({ length: 40 }, (_, i) => i))
  // The first write runs at once; the 39 that queued behind it share far fewer commits.
  expect(new Set(results).size).toBeLessThan(10)
})

test("a write that refuses (AppError) is undone alone; its neighbours' writes commit", async () => {
  const table = await freshTable()
  const batcher = createTransactionBatcher(database.current.db)
  const outcomes = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      batcher.run({}, async (tx) => {
        await insert(table, i, i)(tx)
        if (i % 4 === 1) throw new AppError('OUT_OF_STOCK')
        return i
      }),
    ),
  )
  expect(outcomes.map((o) => o.status)).toEqual(
    Array.from({ length: 10 }, (_, i) => (i % 4 === 1 ? 'rejected' : 'fulfilled')),
  )
  expect(await ids(table)).toEqual([0, 2, 3, 4, 6, 7, 8])
})

test('a database error in one write fails only that write: the rest are retried alone', async () => {
  const table = await freshTable()
  const batcher = createTransactionBatcher(database.current.db)
  const outcomes = await Promise.allSettled(
    // Id 5 breaks the check constraint, which aborts the shared transaction.
    Array.from({ length: 10 }, (_, i) => batcher.run({}, insert(table, i, i === 5 ? -1 : i))),
  )
  expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1)
  expect(outcomes[5]?.status).toBe('rejected')
  expect(await ids(table)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9])
})

test('without savepoints, work that refuses before writing is still undone alone', async () => {
  const table = await freshTable()
  const batcher = createTransactionBatcher(database.current.db, { savepoints: false })
  const outcomes = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      batcher.run({}, async (tx) => {
        if (i % 3 === 2) throw new AppError('OUT_OF_STOCK')
        await insert(table, i, i)(tx)
        return i
      }),
    ),
  )
  expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(3)
  expect(await ids(table)).toEqual([0, 1, 3, 4, 6, 7, 9])
})

test('a shared transaction locks the union of its writes’ rows first: kinds in the given order, ids sorted, once', async () => {
  const calls: string[] = []
  const batcher = createTransactionBatcher<'users' | 'tools'>(database.current.db, {
    savepoints: false,
    locks: {
      order: ['users', 'tools'],
      lock: async (_tx, kind, ids) => {
        calls.push(`${kind}:${ids.join(',')}`)
      },
    },
  })
  const sets = [
    { users: ['u2'], tools: ['t5', 't1'] },
    { users: ['u1'], tools: ['t2', 't5'] },
    { users: ['u2'], tools: ['t3'] },
    { tools: ['t1'] },
  ]
  // The first write runs at once on its own; the three behind it share one transaction.
  await Promise.all(
    sets.map((locks, i) =>
      batcher.run(locks, async () => {
        calls.push(`work ${i}`)
      }),
    ),
  )
  expect(calls).toEqual([
    'users:u2',
    'tools:t1,t5',
    'work 0',
    'users:u1,u2',
    'tools:t1,t2,t3,t5',
    'work 1',
    'work 2',
    'work 3',
  ])
})

test('mergeLockSets leaves out kinds nobody asked for and repeats no id', () => {
  expect(mergeLockSets(['users', 'tools'], [{ tools: ['b', 'a'] }, { tools: ['a'] }, {}])).toEqual([
    ['tools', ['a', 'b']],
  ])
})

test('beforeCommit runs once per transaction, after its writes, and its writes commit with theirs', async () => {
  const table = await freshTable()
  // Each write leaves a row to be written; beforeCommit writes a transaction's rows at once.
  const left = new Map<Tx, number[]>()
  const flushes: number[][] = []
  const batcher = createTransactionBatcher(database.current.db, {
    beforeCommit: async (tx) => {
      const rows = left.get(tx) ?? []
      flushes.push(rows)
      if (rows.length > 0)
        await tx.execute(
          sql.raw(
            `insert into ${table} (id, v) values ${rows.map((id) => `(${id}, 1)`).join(', ')}`,
          ),
        )
    },
  })
  await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      batcher.run({}, async (tx) => {
        left.set(tx, [...(left.get(tx) ?? []), i])
        return i
      }),
    ),
  )
  expect(await ids(table)).toEqual(Array.from({ length: 30 }, (_, i) => i))
  // Fewer flushes than writes: the writes that queued together were written together.
  expect(flushes.length).toBeLessThan(30)
  expect(flushes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i))
})

test('a beforeCommit that fails rolls back the whole batch, and each write is retried alone', async () => {
  const table = await freshTable()
  const failed: number[] = []
  const writesIn = new Map<Tx, number>()
  const batcher = createTransactionBatcher(database.current.db, {
    onBatchFailed: (_error, size) => failed.push(size),
    // The first shared transaction fails at the end; the writes retried alone then commit.
    beforeCommit: async (tx) => {
      if (failed.length === 0 && (writesIn.get(tx) ?? 0) > 1) throw new Error('batch write failed')
    },
  })
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      batcher.run({}, async (tx) => {
        writesIn.set(tx, (writesIn.get(tx) ?? 0) + 1)
        await insert(table, i, i)(tx)
      }),
    ),
  )
  expect(failed).toHaveLength(1)
  expect(await ids(table)).toEqual(Array.from({ length: 12 }, (_, i) => i))
})
