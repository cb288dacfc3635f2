import { QUOTE_EXPIRY_WARNING_DAYS, shopDate } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { expireAllPast } from './quote-expiry.js'
import type { QuoteMails } from './quotes.mails.js'
import { claimExpiryWarnings } from './quotes.queries.js'

type Log = { error(obj: object, msg: string): void }

const DAY_MS = 86_400_000

export type QuoteSweeper = ReturnType<typeof createQuoteSweeper>

/**
 * Expires quotes past their Valid until and tells each buyer once, 2 days before, that their
 * quote runs out. Every process runs one; each request is claimed by a conditional update
 * (`expiry_warned_at is null`), so two processes never send the same mail. The timer is
 * unref'd: it never keeps a process alive.
 */
export function createQuoteSweeper({
  db,
  mails,
  intervalMs,
  log,
  now = () => new Date(),
}: {
  db: Db
  mails: Pick<QuoteMails, 'expiring'>
  intervalMs: number
  log: Log
  now?: () => Date
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  async function work() {
    const at = now()
    await expireAllPast(db, at)
    const today = shopDate(at)
    const lastDay = shopDate(new Date(at.getTime() + QUOTE_EXPIRY_WARNING_DAYS * DAY_MS))
    const due = await claimExpiryWarnings(db, today, lastDay)
    for (const row of due)
      await mails.expiring(
        {
          id: row.id,
          partName: row.partName,
          customerName: row.customerName,
          customerEmail: row.customerEmail,
        },
        row.validUntil,
      )
  }

  /** One sweep; a call while one runs joins it instead of starting a second. */
  function sweep(): Promise<void> {
    running ??= work()
      .catch((error: unknown) =>
        log.error({ err: error }, 'quote expiry sweep failed; retried next time'),
      )
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    sweep,
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
