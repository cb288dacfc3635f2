import { sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client.js'
import { AppError } from './app-error.js'

/** The rows a write will lock, by kind (e.g. `{ users: [...], tools: [...] }`). */
export type LockSet<Kind extends string> = Partial<Record<Kind, readonly string[]>>

type Item<Kind extends string> = {
  locks: LockSet<Kind>
  work: (tx: Tx) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

export type TransactionBatcher<Kind extends string> = ReturnType<
  typeof createTransactionBatcher<Kind>
>

/** Each kind's ids, the union over the items, sorted and without repeats. */
export function mergeLockSets<Kind extends string>(
  order: readonly Kind[],
  sets: readonly LockSet<Kind>[],
): [Kind, string[]][] {
  return order
    .map((kind): [Kind, string[]] => [
      kind,
      [...new Set(sets.flatMap((s) => s[kind] ?? []))].sort(),
    ])
    .filter(([, ids]) => ids.length > 0)
}

/**
 * Group commit for short writes that all touch a few hot rows (orders taking stock).
 * A durable commit waits for the disk; while one transaction commits, the writes that arrive
 * queue up and then run together in the next transaction, so one commit (one flush) serves
 * them all. Nothing waits when there is no queue.
 *
 * No deadlock: every write declares the rows it will lock, and a transaction
 * locks the union of its writes' rows before any of them runs, kind by kind in the one fixed
 * order `locks.order` (e.g. users, then tools), each kind in id order. Every transaction of
 * every process takes its locks in that one global order, so none can wait on another that
 * waits on it, however many lines an order has.
 *
 * - A write that throws an AppError is rolled back to its savepoint alone; the others commit.
 * - Any other failure rolls the whole transaction back, and its writes are then run one by one
 *   in transactions of their own: a bad write never takes its neighbours down with it.
 */
export function createTransactionBatcher<Kind extends string = never>(
  db: Db,
  {
    maxBatch = 100,
    /**
     * false only for work that refuses (throws AppError) before it writes anything: it then
     * needs no savepoint to be undone alone, and each write saves two round trips.
     */
    savepoints = true,
    locks,
    beforeCommit,
    onBatchFailed,
  }: {
    maxBatch?: number
    savepoints?: boolean
    /**
     * Runs after every write of a transaction, before it commits: writes may leave work here
     * to be done once for all of them (an order batch's inserts in two statements).
     */
    beforeCommit?: (tx: Tx) => Promise<void>
    /** A shared transaction failed and its writes are retried alone (worth a log line). */
    onBatchFailed?: (error: unknown, size: number) => void
    /** Locks the rows of one kind (already sorted); kinds are locked in `order`. */
    locks?: { order: readonly Kind[]; lock: (tx: Tx, kind: Kind, ids: string[]) => Promise<void> }
  } = {},
) {
  const queue: Item<Kind>[] = []
  let running = false

  async function lockAll(tx: Tx, items: readonly Item<Kind>[]) {
    if (!locks) return
    const merged = mergeLockSets(
      locks.order,
      items.map((i) => i.locks),
    )
    for (const [kind, ids] of merged) await locks.lock(tx, kind, ids)
  }

  async function runAlone(item: Item<Kind>) {
    try {
      item.resolve(
        await db.transaction(async (tx) => {
          await lockAll(tx, [item])
          const value = await item.work(tx)
          await beforeCommit?.(tx)
          return value
        }),
      )
    } catch (error) {
      item.reject(error)
    }
  }

  async function runBatch(batch: Item<Kind>[]) {
    if (batch.length === 1) return runAlone(batch[0] as Item<Kind>)
    const outcomes = new Map<
      Item<Kind>,
      { ok: true; value: unknown } | { ok: false; error: unknown }
    >()
    try {
      await db.transaction(async (tx) => {
        await lockAll(tx, batch)
        // First come, first served: every lock is already held, so the order of the writes
        // no longer matters for deadlocks.
        for (const item of batch) {
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
        await beforeCommit?.(tx)
      })
    } catch (error) {
      onBatchFailed?.(error, batch.length)
      // Nothing of this batch was committed: run each write on its own.
      for (const item of batch) await runAlone(item)
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
    /**
     * Runs `work` in a transaction, possibly shared with other writes, after the rows of
     * `locks` (and those of the other writes) are locked; resolves after commit.
     */
    run<T>(locks: LockSet<Kind>, work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ locks, work, resolve: resolve as (v: unknown) => void, reject })
        if (!running) void drain()
      })
    },
  }
}
