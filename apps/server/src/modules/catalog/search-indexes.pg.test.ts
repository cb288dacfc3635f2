import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { selectRows } from '../../db/client.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import {
  countByCategory,
  countSearchQuery,
  searchQuery,
  type SearchFilters,
} from './search.queries.js'
import { searchUnits, searchWords } from './search-words.js'

/**
 * Issue 29: on PostgreSQL with 10,000 tools in 40 categories (generated specs), every
 * condition of the search's queries can be served by an index: with sequential scans
 * disabled, each query still has a plan, and it reads indexes.
 *
 * Not yet what the issue asks: left free, the planner still prefers a sequential scan of
 * tools for the word searches at this size (about 850 pages of cost against the GIN
 * indexes' estimates). Tuning that (cost settings, or splitting the OR of words and the part
 * number into a UNION) is open work; see docs/performance.md.
 */
let database: TestDatabase
let client: pg.Client
const categoryIds = new Map<string, string>()

const SYNONYMS = [
  ['vise', 'vice'],
  ['wrench', 'spanner'],
  ['hex key', 'allen key'],
]

beforeAll(async () => {
  database = await createTestDatabase()
  // 8 top-level categories with 4 sub-categories each: 40.
  await database.db.execute(sql`
    insert into categories (slug, name, parent_id)
    select 'top-' || t, 'Top ' || t, null from generate_series(1, 8) as t`)
  await database.db.execute(sql`
    insert into categories (slug, name, parent_id)
    select 'sub-' || t || '-' || s, 'Sub ' || t || '.' || s, (select id from categories where slug = 'top-' || t)
    from generate_series(1, 8) as t, generate_series(1, 4) as s`)
  const rows = await selectRows<{ id: string; slug: string }>(
    database.db,
    sql`select id, slug from categories`,
  )
  for (const r of rows) categoryIds.set(r.slug, r.id)
  await database.db.execute(sql`
    insert into tools (name, description, image, price_cents, quantity, minimum, part_number,
      category_id, specs, created_at, deleted_at)
    select
      -- 25 kinds × 40 things, as varied as a real catalogue's names.
      (array['Claw', 'Torque', 'Bench', 'Socket', 'Long', 'Short', 'Heavy', 'Light', 'Metric',
             'Imperial', 'Ball-end', 'Cobalt', 'Split', 'Slotted', 'Offset', 'Ratchet', 'Swivel',
             'Flat', 'Round', 'Square', 'Precision', 'Compact', 'Insulated', 'Magnetic', 'Folding'])[1 + i % 25]
        || ' ' ||
      (array['hammer', 'wrench', 'vise', 'socket', 'hex key', 'drill', 'cap screw', 'disc',
             'caliper', 'clamp', 'file', 'saw', 'snips', 'chisel', 'punch', 'gauge', 'glove',
             'plier', 'screwdriver', 'tap', 'die', 'reamer', 'nut', 'washer', 'bolt', 'rivet',
             'hinge', 'chuck', 'blade', 'brush', 'mallet', 'level', 'square', 'scriber',
             'magnet', 'spring', 'pin', 'bearing', 'seal', 'belt'])[1 + (i / 25) % 40]
        || ' ' || i,
      'Generated tool ' || i,
      '/media/0123456789abcdef0123456789abcdef-800.webp',
      100 + (i * 7919) % 100000,
      i % 500,
      1,
      'GN-' || lpad(i::text, 6, '0'),
      (select id from categories where slug = 'sub-' || (1 + i % 8) || '-' || (1 + (i / 8) % 4)),
      jsonb_build_object(
        'diameter', 1 + i % 30,
        'length', 10 + (i * 13) % 200,
        'material', (array['HSS', 'HSS-Co', 'Carbide', 'Stainless A2', 'Steel'])[1 + i % 5],
        'thread', 'M' || (4 + (i % 5) * 2)),
      now() - (i || ' minutes')::interval,
      case when i % 50 = 0 then now() else null end
    from generate_series(1, 10000) as i`)
  await database.db.execute(sql`analyze tools`)
  await database.db.execute(sql`analyze categories`)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
  // Asks whether an index plan exists, not whether the planner picks it (see above).
  await client.query('set enable_seqscan = off')
}, 120_000)

afterAll(async () => {
  await client.end()
  await database.close()
})

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL()
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params)
  return result.rows.map((r) => r['QUERY PLAN']).join('\n')
}

function filters(q: string, rest: Partial<SearchFilters> = {}): SearchFilters {
  const words = searchWords(q)
  return {
    q: q.trim().toLowerCase(),
    units: searchUnits(words, SYNONYMS),
    specs: [],
    inStock: false,
    ...rest,
  }
}

const sub = (slug: string) => [categoryIds.get(slug) ?? '']

const cases: [string, () => SearchFilters][] = [
  [
    'a word with a typo, two spec filters',
    () =>
      filters('torq wrnch', {
        specs: [
          { key: 'material', kind: 'values', values: ['HSS', 'HSS-Co'] },
          { key: 'thread', kind: 'values', values: ['M8'] },
        ],
      }),
  ],
  ['words only', () => filters('torque wrench')],
  ['a synonym', () => filters('allen key')],
  ['a part number', () => filters('GN-004711')],
  [
    'a category and a spec value',
    () =>
      filters('', {
        categoryIds: sub('sub-2-3'),
        specs: [{ key: 'material', kind: 'values', values: ['Carbide'] }],
      }),
  ],
]

test.for(cases)('%s: the page has an index plan', async ([, make]) => {
  const text = await plan(searchQuery(database.db, make(), 'relevance', { limit: 24 }))
  expect(text, text).not.toMatch(/Seq Scan on tools/)
  expect(text).toMatch(/Index Scan|Bitmap Index Scan/)
})

test.for(cases)('%s: the count and the category facet have index plans too', async ([, make]) => {
  for (const query of [
    countSearchQuery(database.db, make()),
    countByCategory(database.db, make()),
  ]) {
    const text = await plan(query)
    expect(text, text).not.toMatch(/Seq Scan on tools/)
  }
})

test('the search finds its tools among 10,000 (typo, specs, part number)', async () => {
  const typo = await searchQuery(
    database.db,
    filters('torq wrnch', { specs: [{ key: 'thread', kind: 'values', values: ['M6'] }] }),
    'relevance',
    { limit: 24 },
  )
  expect(typo.length).toBeGreaterThan(0)
  expect(typo.every((t) => t.name.startsWith('Torque wrench') && t.specs.thread === 'M6')).toBe(
    true,
  )
  const [first] = await searchQuery(database.db, filters('gn-004711'), 'relevance', { limit: 3 })
  expect(first?.partNumber).toBe('GN-004711')
})
