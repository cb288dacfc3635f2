import { randomBytes } from 'node:crypto'

import { expect, test } from 'vitest'

import { createLocalChangeFeed } from '../db/change-feed.js'
import { createAnswerCache } from './answer-cache.js'
import { encodeBody, encodedBytes } from './encoded-body.js'

/** Text that does not compress: each answer holds about its own size, twice over as UTF-16. */
const incompressible = (bytes: number) => randomBytes(bytes / 2).toString('hex')

test('the kept answers stay within their byte budget, the least recently used going first', async () => {
  const feed = createLocalChangeFeed()
  const maxBytes = 1024 * 1024
  const cache = createAnswerCache({ feed, topic: 'catalog', maxBytes })
  let loads = 0
  const load = (text: string) => async () => {
    loads += 1
    return { value: text }
  }
  const texts = Array.from({ length: 12 }, () => incompressible(64 * 1024))
  const one = encodedBytes(encodeBody(JSON.stringify(texts[0])))
  expect(one).toBeGreaterThan(128 * 1024)

  await cache.get('first', load(texts[0] ?? ''))
  for (let i = 1; i < texts.length; i += 1) {
    await cache.get('first', load('never read: kept'))
    await cache.get(`answer-${i}`, load(texts[i] ?? ''))
    expect(cache.heldBytes()).toBeLessThanOrEqual(maxBytes)
  }
  // Twelve answers of some 260 KB do not fit in 1 MB: the oldest untouched went, the one
  // asked for all along stayed.
  expect(loads).toBe(12)
  await cache.get('first', load('reloaded'))
  expect(loads).toBe(12)
  await cache.get('answer-1', load(texts[1] ?? ''))
  expect(loads).toBe(13)
  cache.close()
})

test('an answer bigger than the whole budget is answered, not kept', async () => {
  const cache = createAnswerCache({
    feed: createLocalChangeFeed(),
    topic: 'catalog',
    maxBytes: 64 * 1024,
  })
  const big = incompressible(128 * 1024)
  const answer = await cache.get('big', async () => ({ value: big }))
  expect(JSON.parse(answer.body)).toBe(big)
  expect(cache.heldBytes()).toBe(0)
  cache.close()
})

test('a compressed copy made after the fill counts toward the budget', async () => {
  const cache = createAnswerCache({ feed: createLocalChangeFeed(), topic: 'catalog' })
  const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'wrench' })))
  const answer = await cache.get('tools', async () => ({ value: JSON.parse(text) as unknown }))
  const filled = cache.heldBytes()
  expect(filled).toBe(answer.body.length * 2)

  const br = answer.wire.make?.('br')
  expect(br).toBeDefined()
  expect(cache.heldBytes()).toBe(filled + (br?.body.length ?? 0))
  cache.close()
})
