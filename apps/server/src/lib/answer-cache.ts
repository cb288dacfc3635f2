import { LRUCache } from 'lru-cache'

import type { ChangeFeed, ChangeTopic } from '../db/change-feed.js'
import { encodeBody, encodedBytes, etagOf, type EncodedBody } from './encoded-body.js'

export { etagOf }

/**
 * A JSON answer: its text and entity tag, any extra header value, and what goes on the wire
 * (the text and its brotli and gzip copies, each made once when first asked for).
 */
export type CachedAnswer = { body: string; etag: string; total?: number; wire: EncodedBody }

type Options = {
  feed: ChangeFeed
  topic: ChangeTopic
  /** A backstop: even if a change notice were lost, no answer outlives this. */
  ttlMs?: number
  /**
   * The most the kept answers may hold in memory, their compressed copies included
   * (encodedBytes): past it the least recently used go first.
   */
  maxBytes?: number
}

/** Each answer cache's budget: four of them (catalogue, search, reviews, promotions) hold 32 MB. */
export const ANSWER_CACHE_MAX_BYTES = 8 * 1024 * 1024

export type AnswerCache = ReturnType<typeof createAnswerCache>

/**
 * Serialized answers kept in memory until their topic changes in any process.
 * A read that started before a change is never stored under the new generation, and
 * concurrent misses for one key share a single database read.
 */
export function createAnswerCache({
  feed,
  topic,
  ttlMs = 10_000,
  maxBytes = ANSWER_CACHE_MAX_BYTES,
}: Options) {
  let generation = 0
  // An answer bigger than the whole budget is answered, not kept.
  const entries = new LRUCache<string, { answer: CachedAnswer; expires: number }>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, encodedBytes(entry.answer.wire)),
  })
  const loading = new Map<string, Promise<CachedAnswer>>()

  const forget = () => {
    generation += 1
    entries.clear()
    loading.clear()
  }
  const unsubscribe = feed.subscribe((changed) => {
    if (changed === topic) forget()
  })

  return {
    async get(
      key: string,
      load: () => Promise<{ value: unknown; total?: number }>,
    ): Promise<CachedAnswer> {
      const hit = entries.get(key)
      if (hit && hit.expires > Date.now()) return hit.answer
      const pending = loading.get(key)
      if (pending) return pending
      const startedAt = generation
      const promise = load().then(({ value, total }) => {
        // A copy made later adds to what the entry holds: counted again (a new entry object,
        // as the LRU measures a value when it is set), if the entry is still this answer's.
        const recount = () => {
          const kept = entries.peek(key)
          if (kept?.answer === answer) entries.set(key, { ...kept }, { noUpdateTTL: true })
        }
        const wire = encodeBody(JSON.stringify(value), recount)
        const answer: CachedAnswer = {
          body: wire.identity.body,
          etag: wire.identity.etag,
          total,
          wire,
        }
        if (generation === startedAt) entries.set(key, { answer, expires: Date.now() + ttlMs })
        return answer
      })
      loading.set(key, promise)
      try {
        return await promise
      } finally {
        if (loading.get(key) === promise) loading.delete(key)
      }
    },
    /** After a write has committed: forget here at once, and tell every other process. */
    async changed(): Promise<void> {
      forget()
      // The write has committed: a failed notice must not turn it into an error. Other
      // processes then catch up through the backstop.
      await feed.publish(topic).catch(() => {})
    },
    /** The bytes the kept answers hold (encodedBytes), for tests and the bench. */
    heldBytes: () => entries.calculatedSize,
    close: unsubscribe,
  }
}
