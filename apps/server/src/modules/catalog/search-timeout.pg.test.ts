import { ErrorBodySchema, searchMessages } from '@toolworks/shared'
import pg from 'pg'
import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { SEARCH_RETRY_AFTER_SECONDS } from './search-index.js'

/**
 * An uncached search statement has a time limit (SEARCH_TIMEOUT_MS): past it PostgreSQL
 * cancels it and the search answers 503 with Retry-After. The statement is made to wait, not
 * to be slow: another connection holds the tools table locked, and the limit is 100 ms.
 */
const database = useTestDatabase()

test('a search held up past its time limit is a 503 with Retry-After and the words, and the next search answers', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished, { searchTimeoutMs: 100 })
  await insertTool(database.current.db, { name: 'Cobalt drill 6 mm' })
  const locker = new pg.Client({ connectionString: database.current.url })
  await locker.connect()
  onTestFinished(() => locker.end())
  await locker.query('begin')
  await locker.query('lock table tools in access exclusive mode')

  try {
    for (const url of [
      '/api/tool?q=drill',
      '/api/tool/facets?q=drill',
      '/api/tool/suggest?q=dri',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(503)
      expect(res.headers['retry-after']).toBe(String(SEARCH_RETRY_AFTER_SECONDS))
      expect(ErrorBodySchema.parse(res.json()).error).toEqual({
        code: 'UNAVAILABLE',
        message: searchMessages.searchTooSlow,
      })
    }
  } finally {
    await locker.query('rollback')
  }
  // The cut search was not remembered as an answer.
  const res = await app.inject({ method: 'GET', url: '/api/tool?q=drill' })
  expect(res.statusCode).toBe(200)
  expect(res.json<{ name: string }[]>().map((t) => t.name)).toEqual(['Cobalt drill 6 mm'])
})
