import { QUOTE_EXPIRY_WARNING_DAYS, shopDate, shopDateIn } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { createPeriodicTask } from '../../lib/periodic-task.js'
import { expireAllPast } from './quote-expiry.js'
import type { QuoteMails } from './quotes.mails.js'
import { claimExpiryWarnings } from './quotes.queries.js'

type Log = { error(obj: object, msg: string): void }

export type QuoteSweeper = ReturnType<typeof createQuoteSweeper>

/**
 * Expires quotes past their Valid until and tells each buyer once, 2 days before, that their
 * quote runs out. Every process runs one; each request is claimed by a conditional update
 * (`expiry_warned_at is null`), so two processes never send the same mail.
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
  async function work() {
    const at = now()
    await expireAllPast(db, at)
    const today = shopDate(at)
    const lastDay = shopDateIn(QUOTE_EXPIRY_WARNING_DAYS, at)
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

  return createPeriodicTask({
    run: work,
    intervalMs,
    log,
    failure: 'quote expiry sweep failed; retried next time',
  })
}
