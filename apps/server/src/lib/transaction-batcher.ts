import { sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client.js'
import { AppError } from './app-error.js'

type Item = {
  key: string
  work: (tx: Tx) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

export type TransactionBatcher = ReturnType<typeof createTransactionBatcher>

/**
 * Group commit for short writes that all touch a few hot rows (orders taking stock, issue 8).
 * A durable commit waits for the disk; while one transaction commits, the writes that arrive
 * queue up and then run together in the next transaction, each inside its own savepoint, so
 * one commit (one flush) serves them all. Nothing waits when there is no queue.
 *
 * - A write that throws an AppError is rolled back to its savepoint alone; the others commit.
 * - Any other failure rolls the whole transaction back, and its writes are then run one by one
 *   in transactions of their own: a bad write never takes its neighbours down with it.
 * - Writes run in the order of their key (e.g. the tool id), so two processes batching the
 *   same rows always lock them in the same order and cannot deadlock.
 */
export function createTransactionBatcher(
  db: Db,
  {
    maxBatch = 100,
    /**
     * false only for work that refuses (throws AppError) before it writes anything: it then
     * needs no savepoint to be undone alone, and each write saves two round trips.
     */
    savepoints = true,
  } = {},
) {
  const queue: Item[] = []
  let running = false

  async function runAlone(item: Item) {
    try {
      item.resolve(await db.transaction((tx) => item.work(tx)))
    } catch (error) {
      item.reject(error)
    }
  }

  async function runBatch(batch: Item[]) {
    if (batch.length === 1) return runAlone(batch[0] as Item)
    const sorted = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    const outcomes = new Map<Item, { ok: true; value: unknown } | { ok: false; error: unknown }>()
    try {
      await db.transaction(async (tx) => {
        for (const item of sorted) {
          if (savepoints) await tx.execute(sql`savepoint batch_item`)
          try {
            outcomes.set(item, { ok: true, value: await item.work(tx) })
            if (savepoints) await tx.execute(sql`release savepoint batch_item`)
          } catch (error) {
            if (!(error instanceof AppError)) throw error
            if (savepoints) {
              await tx.execute(sql`rollback to savepoint batch_item`)
              await tx.execute(sql`release savepoint batch_item`)
            }
            outcomes.set(item, { ok: false, error })
          }
        }
      })
    } catch {
      // Nothing of this batch was committed: run each write on its own.
      for (const item of sorted) await runAlone(item)
      return
    }
    for (const item of batch) {
      const outcome = outcomes.get(item)
      if (outcome?.ok) item.resolve(outcome.value)
      else item.reject(outcome?.error)
    }
  }

  async function drain() {
    running = true
    try {
      while (queue.length > 0) await runBatch(queue.splice(0, maxBatch))
    } finally {
      running = false
    }
  }

  return {
    /** Runs `work` in a transaction, possibly shared with other writes; resolves after commit. */
    run<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ key, work, resolve: resolve as (v: unknown) => void, reject })
        if (!running) void drain()
      })
    },
  }
}
