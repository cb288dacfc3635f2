type Log = { error(obj: object, msg: string): void }

export type PeriodicTask = ReturnType<typeof createPeriodicTask>

/**
 * A job every server process runs on a timer (the order hold sweep, the quote expiry sweep).
 * The timer is unref'd: it never keeps a process alive. A failed run is logged and tried again
 * on the next tick; the job itself must be safe to run in several processes at once.
 */
export function createPeriodicTask({
  run,
  intervalMs,
  log,
  failure,
}: {
  run: () => Promise<unknown>
  intervalMs: number
  log: Log
  /** What the log says when a run fails. */
  failure: string
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  /** One run; a call while one runs joins it instead of starting a second. */
  function sweep(): Promise<void> {
    running ??= run()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, failure),
      )
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    sweep,
    /** Catches up at once (what fell due while no server ran), then runs on the timer. */
    async start() {
      if (timer) return
      timer = setInterval(() => void sweep(), intervalMs)
      timer.unref()
      await sweep()
    },
    /** Stops the timer and waits for a run in flight, so the database can close after it. */
    async stop() {
      clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
