import { createPeriodicTask } from '../../lib/periodic-task.js'

type Log = { error(obj: object, msg: string): void }

export type OrderSweeper = ReturnType<typeof createOrderSweeper>

/**
 * Runs the hold sweep on a timer inside the server. Every process runs one;
 * an advisory lock in `expireDue` lets one of them work at a time, and each order is
 * cancelled once whoever sweeps it.
 *
 * Before anything expires, the gateway is asked about the due orders' open attempts: a payment
 * whose notification could not be confirmed (a validation outage) is found and recorded, not
 * cancelled under the buyer. Several processes may ask at once: recording a payment twice
 * changes nothing the second time.
 */
export function createOrderSweeper({
  orders,
  gateway,
  intervalMs,
  log,
}: {
  /** The cancellation flow's expiry (src/flows/cancellation.ts). */
  orders: { expireDue(now?: number): Promise<number> }
  /** The gateway flow's question before expiry (src/flows/gateway-payment.ts, `recheckDue`). */
  gateway?: { recheckDue(now: Date): Promise<number> }
  intervalMs: number
  log: Log
}) {
  async function run() {
    const now = Date.now()
    try {
      await gateway?.recheckDue(new Date(now))
    } catch (error) {
      // Expiry goes on: an order whose attempt was not settled waits in SQL all the same.
      log.error({ err: error }, 'asking the gateway before the hold sweep failed')
    }
    return orders.expireDue(now)
  }
  return createPeriodicTask({
    run,
    intervalMs,
    log,
    failure: 'order hold sweep failed; retried next time',
  })
}
