import { createPeriodicTask } from '../../lib/periodic-task.js'

type Log = { error(obj: object, msg: string): void }

export type OrderSweeper = ReturnType<typeof createOrderSweeper>

/**
 * Runs the hold sweep (issue 13, M4) on a timer inside the server. Every process runs one;
 * an advisory lock in `expireDue` lets one of them work at a time, and each order is
 * cancelled once whoever sweeps it.
 */
export function createOrderSweeper({
  orders,
  intervalMs,
  log,
}: {
  /** The cancellation flow's expiry (src/flows/cancellation.ts). */
  orders: { expireDue(): Promise<number> }
  intervalMs: number
  log: Log
}) {
  return createPeriodicTask({
    run: () => orders.expireDue(),
    intervalMs,
    log,
    failure: 'order hold sweep failed; retried next time',
  })
}
