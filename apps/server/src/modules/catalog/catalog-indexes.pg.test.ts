import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { toolCountQuery, toolListQuery, type ToolListOptions } from './catalog.queries.js'
import { searchWords } from './catalog.service.js'

let database: TestDatabase
let client: pg.Client

beforeAll(async () => {
  database = await createTestDatabase()
  // A catalogue of the size the shop must stay fast with, a few already deleted.
  await database.db.execute(sql`
    insert into tools (name, description, image, price_cents, quantity, minimum, created_at, deleted_at)
    select
      (array['Claw hammer', 'Torque wrench', 'Bench vise', 'Socket set', 'Hex bolt pack'])[1 + i % 5]
        || ' ' || i,
      'Generated tool ' || i,
      '/media/0123456789abcdef0123456789abcdef-800.webp',
      100 + (i * 7919) % 100000,
      i % 500,
      1,
      now() - (i || ' minutes')::interval,
      case when i % 50 = 0 then now() else null end
    from generate_series(1, 10000) as i`)
  await database.db.execute(sql`analyze tools`)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
}, 60_000)

afterAll(async () => {
  await client.end()
  await database.close()
})

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL()
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params)
  return result.rows.map((r) => r['QUERY PLAN']).join('\n')
}

const pages: [string, ToolListOptions][] = [
  ['the first page, newest first', { limit: 24, offset: 0 }],
  ['page 3, newest first', { limit: 24, offset: 48 }],
  ['the home page', { limit: 8 }],
  ['cheapest first', { limit: 24, offset: 0, sort: 'price_asc' }],
  ['dearest first, page 2', { limit: 24, offset: 24, sort: 'price_desc' }],
  ['a search by name', { limit: 24, offset: 0, words: searchWords('torque wre') }],
  [
    'a search, cheapest first',
    { limit: 24, offset: 0, words: searchWords('vise'), sort: 'price_asc' },
  ],
]

test.for(pages)('%s reads an index, never the whole tools table', async ([_label, options]) => {
  const text = await plan(toolListQuery(database.db, options))
  expect(text).not.toMatch(/Seq Scan on tools/)
  expect(text).toMatch(/Index Scan|Index Only Scan|Bitmap Index Scan/)
})

test('counting the matches of a search reads the name index', async () => {
  const text = await plan(toolCountQuery(database.db, searchWords('socket')))
  expect(text).not.toMatch(/Seq Scan on tools/)
  expect(text).toMatch(/tools_name_search_idx/)
})

test('the search returns the matching tools from 10,000', async () => {
  const rows = await toolListQuery(database.db, { limit: 24, words: searchWords('torque wre') })
  expect(rows).toHaveLength(24)
  expect(rows.every((r) => r.name.startsWith('Torque wrench'))).toBe(true)
})
