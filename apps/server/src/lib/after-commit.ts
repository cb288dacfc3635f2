import type { Db, Tx } from '../db/client.js'

/** Something to do once the transaction's writes are visible: an e-mail, a cache notice. */
export type Effect = () => unknown

type Log = { error(obj: object, msg: string): void }

/**
 * Effects a transaction queues for after its commit. Side effects that need not
 * share the transaction (e-mails, catalogue and promotion cache notices) never run inside it:
 * a rollback would have told the world about a change that never happened, and a slow mail
 * server would hold the transaction's locks.
 */
export class AfterCommit {
  readonly #effects: Effect[] = []

  /** Queues an effect; it runs once, after the commit, in the order queued. */
  push(effect: Effect): void {
    this.#effects.push(effect)
  }

  /**
   * Runs every queued effect once, each on its own: one that throws is logged and does not
   * stop the others (the transaction committed; its effects are best effort).
   */
  async run(log?: Log): Promise<void> {
    const effects = this.#effects.splice(0)
    for (const effect of effects) {
      try {
        await effect()
      } catch (error) {
        log?.error({ err: error }, 'an effect after commit failed')
      }
    }
  }
}

/**
 * Runs `work` in a transaction with an effects collector; the effects run once the transaction
 * committed, never when it rolled back. The one place flows run their effects from.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx, effects: AfterCommit) => Promise<T>,
  log?: Log,
): Promise<T> {
  const effects = new AfterCommit()
  const result = await db.transaction((tx) => work(tx, effects))
  await effects.run(log)
  return result
}
