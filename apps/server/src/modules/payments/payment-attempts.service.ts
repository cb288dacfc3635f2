import type { PaymentMethod } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import {
  findAttempt,
  findOpenAttempt,
  insertAttempt,
  openAttemptsOf,
  setAttemptOutcome,
} from './payment-attempts.queries.js'

export type PaymentAttempts = ReturnType<typeof createPaymentAttempts>

/**
 * The gateway attempts: each tran_id mapped to its order, with the amount and
 * currency it was opened for. A gateway's notification names only the tran_id, so this is how
 * the shop knows which order (if any) a payment is for: never from the browser.
 */
export function createPaymentAttempts({ db }: { db: Db }) {
  return {
    open: (attempt: {
      tranId: string
      orderId: string
      method: PaymentMethod
      amountCents: number
      currency: string
      gatewayUrl?: string
    }) => insertAttempt(db, attempt),
    /** The order's attempt still open at the gateway, for a second start to reuse. */
    openFor: (query: Parameters<typeof findOpenAttempt>[1]) => findOpenAttempt(db, query),
    find: (tranId: string) => findAttempt(db, tranId),
    /** What the gateway last said of the attempt (VALID, FAILED, CANCELLED…). */
    said: (tranId: string, outcome: string) => setAttemptOutcome(db, tranId, outcome),
    /** The attempts of these orders the gateway has not settled yet, oldest first. */
    openOf: (orderIds: readonly string[]) => openAttemptsOf(db, orderIds),
  }
}
