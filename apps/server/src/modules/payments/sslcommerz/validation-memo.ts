import type { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'

import { ValidationAnswerSchema, type ValidationAnswer } from './sslcommerz-protocol.js'

/**
 * How long the validation API's answer for a val_id is remembered. The IPN, the buyer's return
 * and their replays (a gateway retrying, a browser resubmitting, anyone who kept the signed
 * form) all name the same val_id within moments; each costs at most one call a minute.
 */
export const VALIDATION_KEPT_MS = 60_000
/** val_ids remembered per process; the forms are signed, so only real payments get here. */
const VALIDATIONS_KEPT = 10_000
const SHARED_PREFIX = 'sslcommerz-validation:'

export type ValidationMemo = {
  /** The answer for `valId`: remembered if asked within VALIDATION_KEPT_MS, else from `ask`. */
  answer(valId: string, ask: () => Promise<ValidationAnswer>): Promise<ValidationAnswer>
}

/**
 * Remembers the validation API's answers per val_id: in this process (a replay arriving while
 * the first call is still out waits for that call), and, with REDIS_URL, in Redis for every
 * process. Only answers are kept; a call that failed (the gateway did not answer) is asked
 * again next time. Redis failing only means asking the gateway: the validation is the
 * authority, the memo a saving. Two first arrivals at the same moment in two processes may
 * each ask once.
 */
export function createValidationMemo({
  shared,
  keptMs = VALIDATION_KEPT_MS,
}: { shared?: Redis; keptMs?: number } = {}): ValidationMemo {
  const local = new LRUCache<string, Promise<ValidationAnswer>>({
    max: VALIDATIONS_KEPT,
    ttl: keptMs,
  })

  async function fromShared(valId: string): Promise<ValidationAnswer | undefined> {
    if (shared?.status !== 'ready') return undefined
    const kept = await shared.get(`${SHARED_PREFIX}${valId}`).catch(() => null)
    if (kept === null) return undefined
    const parsed = ValidationAnswerSchema.safeParse(JSON.parse(kept))
    return parsed.success ? parsed.data : undefined
  }

  async function keepShared(valId: string, answer: ValidationAnswer): Promise<void> {
    if (shared?.status !== 'ready') return
    await shared
      .set(`${SHARED_PREFIX}${valId}`, JSON.stringify(answer), 'PX', keptMs)
      .catch(() => undefined)
  }

  async function lookUp(valId: string, ask: () => Promise<ValidationAnswer>) {
    const kept = await fromShared(valId)
    if (kept) return kept
    const answer = await ask()
    await keepShared(valId, answer)
    return answer
  }

  return {
    answer(valId, ask) {
      const kept = local.get(valId)
      if (kept) return kept
      const asking = lookUp(valId, ask)
      local.set(valId, asking)
      asking.catch(() => {
        if (local.get(valId) === asking) local.delete(valId)
      })
      return asking
    },
  }
}
