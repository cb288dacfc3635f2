import type { OrdersService } from './orders.service.js'

type Log = { error(obj: object, msg: string): void }

export type OrderSweeper = ReturnType<typeof createOrderSweeper>

/**
 * Runs the hold sweep (issue 13, M4) on a timer inside the server. Every process runs one;
 * an advisory lock in `expireDue` lets one of them work at a time, and each order is
 * cancelled once whoever sweeps it. The timer is unref'd: it never keeps a process alive.
 */
export function createOrderSweeper({
  orders,
  intervalMs,
  log,
}: {
  orders: Pick<OrdersService, 'expireDue'>
  intervalMs: number
  log: Log
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  /** One sweep; a call while one runs joins it instead of starting a second. */
  function sweep(): Promise<void> {
    running ??= orders
      .expireDue()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'order hold sweep failed; retried next time'),
      )
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    sweep,
    /** Catches up at once (orders that expired while no server ran), then sweeps on the timer. */
    async start() {
      if (timer) return
      timer = setInterval(() => void sweep(), intervalMs)
      timer.unref()
      await sweep()
    },
    /** Stops the timer and waits for a sweep in flight, so the database can close after it. */
    async stop() {
      clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
