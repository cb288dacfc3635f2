import { quoteExpiryCutoff } from '@toolworks/shared'

import type { DbOrTx } from '../../db/client.js'
import { expirePast } from './quotes.queries.js'

/**
 * A `quoted` request whose latest offer has expired (`isQuoteExpired` in packages/shared: its
 * Valid until is before the shop's today) becomes `expired`, by a conditional update in the caller's transaction. Answers true when
 * this call expired it. The acceptance calls it before it takes a line, so a quote past its
 * date answers 409 and shows Expired.
 */
export async function expireIfPast(
  tx: DbOrTx,
  requestId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const changed = await expirePast(tx, quoteExpiryCutoff(now), requestId)
  return changed.length > 0
}

/** Every quoted request past its date, at once (lists and the sweeper). */
export function expireAllPast(tx: DbOrTx, now: Date = new Date()): Promise<string[]> {
  return expirePast(tx, quoteExpiryCutoff(now))
}
