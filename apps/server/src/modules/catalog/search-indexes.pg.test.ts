import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { selectRows } from '../../db/client.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import {
  countByCategory,
  countSearchQuery,
  countSpecValuesQuery,
  facetCountsQuery,
  findByPartNumberQuery,
  searchPageQuery,
  searchQuery,
  specRangeQuery,
  suggestNamesQuery,
  suggestPartNumbersQuery,
  typoCorrections,
  typoCorrectionsQuery,
  type SearchFilters,
} from './search.queries.js'
import { searchUnits, searchWords, withTypoWords } from './search-words.js'

/**
 * On PostgreSQL with 10,000 tools in 40 categories (generated specs), freshly loaded
 * and ANALYZEd (no VACUUM), the planner left free chooses index plans for every query of the
 * search: pages, counts, facets, suggestions and part numbers. No sequential scan of tools,
 * read from `EXPLAIN (FORMAT JSON)`.
 *
 * It chose a sequential scan for word searches until migration 0024: the GIN indexes' fast
 * update kept the 10,000 new rows in a pending list that every scan reads whole, and the
 * planner priced each GIN scan accordingly (about 1,240 against 790 for the table).
 */
let database: TestDatabase
let client: pg.Client
const categoryIds = new Map<string, string>()
/** The catalogue's words standing in for each mistyped word of the cases (typoCorrections). */
let corrections = new Map<string, string[]>()
const TYPED = ['torq', 'wrnch', 'magnetik', 'screwdrver', 'ratch', 'stainless', 'torque', 'wrench']

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
  await database.db.execute(sql`analyze search_lexicon`)
  corrections = await typoCorrections(database.db, TYPED)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
}, 120_000)

afterAll(async () => {
  await client.end()
  await database.close()
})

type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

type Explainable = { toSQL(): { sql: string; params: unknown[] } }

/** Every node of the plan the planner picks, left free. */
async function plan(query: Explainable): Promise<{ nodes: PlanNode[]; text: string }> {
  const { sql: text, params } = query.toSQL()
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${text}`,
    params,
  )
  const [root] = result.rows[0]?.['QUERY PLAN'] ?? []
  if (!root) throw new Error('no plan')
  return { nodes: nodesOf(root.Plan), text: JSON.stringify(root.Plan, null, 1) }
}

/** The plan reads no part of tools sequentially, and reads one of `indexes` at least. */
async function expectIndexPlan(query: Explainable, indexes: RegExp): Promise<void> {
  const { nodes, text } = await plan(query)
  const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan')
  expect(
    seqScans.map((n) => n['Relation Name']),
    text,
  ).not.toContain('tools')
  const used = nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))
  expect(
    used.some((name) => indexes.test(name)),
    `${used.join(', ')}\n${text}`,
  ).toBe(true)
}

function filters(q: string, rest: Partial<SearchFilters> = {}): SearchFilters {
  const words = searchWords(q)
  return {
    q: q.trim().toLowerCase(),
    units: withTypoWords(searchUnits(words, SYNONYMS), corrections),
    specs: [],
    inStock: false,
    ...rest,
  }
}

const sub = (slug: string) => [categoryIds.get(slug) ?? '']

const WORD_INDEXES = /^tools_search_vector_idx$/
const SPEC_OR_CATEGORY = /^tools_(specs|category)_idx$/
const PART_NUMBER = /^tools_part_number_(idx|knn_idx|trgm_idx)$/

/** Each search, and the indexes its conditions must read. */
const cases: [string, () => SearchFilters, RegExp][] = [
  [
    'a word with a typo, two spec filters',
    () =>
      filters('torq wrnch', {
        specs: [
          { key: 'material', kind: 'values', values: ['HSS', 'HSS-Co'] },
          { key: 'thread', kind: 'values', values: ['M8'] },
        ],
      }),
    WORD_INDEXES,
  ],
  ['words only', () => filters('torque wrench'), WORD_INDEXES],
  ['words with typos only', () => filters('magnetik screwdrver'), WORD_INDEXES],
  ['the start of a word, as typed', () => filters('ratch'), WORD_INDEXES],
  ['a synonym', () => filters('allen key'), WORD_INDEXES],
  ['a spec value as a word', () => filters('stainless'), WORD_INDEXES],
  ['a part number', () => filters('GN-004711'), PART_NUMBER],
  [
    'a category and a spec value',
    () =>
      filters('', {
        categoryIds: sub('sub-2-3'),
        specs: [{ key: 'material', kind: 'values', values: ['Carbide'] }],
      }),
    SPEC_OR_CATEGORY,
  ],
  [
    'two spec values and a range, in stock',
    () =>
      filters('', {
        specs: [
          { key: 'material', kind: 'values', values: ['HSS-Co'] },
          { key: 'thread', kind: 'values', values: ['M6'] },
          { key: 'diameter', kind: 'range', min: 8, max: 12 },
        ],
        inStock: true,
      }),
    /^tools_specs_idx$/,
  ],
]

test.for(cases)('%s: the page reads indexes, no sequential scan', async ([, make, indexes]) => {
  await expectIndexPlan(searchQuery(database.db, make(), 'relevance', { limit: 24 }), indexes)
  await expectIndexPlan(searchPageQuery(database.db, make(), 'relevance', { limit: 24 }), indexes)
})

test.for(cases)('%s: the count reads indexes too', async ([, make, indexes]) => {
  await expectIndexPlan(countSearchQuery(database.db, make()), indexes)
})

const FACET_SPECS = [
  { key: 'material', type: 'enum' },
  { key: 'thread', type: 'enum' },
  { key: 'diameter', type: 'number' },
  { key: 'length', type: 'number' },
] as const
const dialect = new PgDialect()
const asQuery = (query: SQL): Explainable => ({ toSQL: () => dialect.sqlToQuery(query) })

/** A search with words has all its facets in one statement, the words matched once. */
test.for(cases.filter(([, make]) => make().units.length > 0))(
  '%s: the facets in one statement read indexes too',
  async ([, make, indexes]) => {
    await expectIndexPlan(asQuery(facetCountsQuery(make(), FACET_SPECS)), indexes)
  },
)

/** The facets of a search: the category facet and the chosen category's specs. */
test.for(cases.filter(([label]) => label !== 'a category and a spec value'))(
  '%s: the facets read indexes too',
  async ([, make, indexes]) => {
    await expectIndexPlan(countByCategory(database.db, make()), indexes)
    await expectIndexPlan(countSpecValuesQuery(database.db, make(), 'material'), indexes)
    await expectIndexPlan(specRangeQuery(database.db, make(), 'diameter'), indexes)
  },
)

test('the facets of a category read its index (each facet with its own filter left out)', async () => {
  const inCategory = filters('', {
    categoryIds: sub('sub-2-3'),
    specs: [{ key: 'material', kind: 'values', values: ['Carbide'] }],
  })
  // The material facet leaves its own filter out: only the category narrows it.
  await expectIndexPlan(
    countSpecValuesQuery(database.db, inCategory, 'material'),
    /^tools_category_idx$/,
  )
  await expectIndexPlan(specRangeQuery(database.db, inCategory, 'diameter'), SPEC_OR_CATEGORY)
  // The category facet leaves the category out: only the spec narrows it.
  await expectIndexPlan(countByCategory(database.db, inCategory), /^tools_specs_idx$/)
})

test('a part number is looked up and suggested by its indexes', async () => {
  await expectIndexPlan(findByPartNumberQuery(database.db, 'gn-004711'), PART_NUMBER)
  await expectIndexPlan(suggestPartNumbersQuery(database.db, 'GN-0047', 8), PART_NUMBER)
})

test('the search box suggests names by the word indexes', async () => {
  for (const q of ['torq', 'spann', 'torq wrnch'])
    await expectIndexPlan(suggestNamesQuery(database.db, filters(q), 8), WORD_INDEXES)
})

test('a mistyped word is matched against the lexicon, never the tools', async () => {
  // A lexicon of some 70 words is read whole (cheaper than its index); a real one of thousands
  // of words has search_lexicon_word_trgm_idx. Either way the 10,000 tools are not read.
  const { nodes, text } = await plan(asQuery(typoCorrectionsQuery(['magnetik', 'screwdrver'])))
  const relations = nodes.flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : []))
  expect(new Set(relations), text).toEqual(new Set(['search_lexicon']))
  // The generated names' words, found from their typos; numbers are not words to correct.
  expect(corrections.get('magnetik')).toContain('magnetic')
  expect(corrections.get('screwdrver')).toContain('screwdriver')
  expect(corrections.get('wrnch')).toContain('wrench')
  const count = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from search_lexicon where word ~ '^[0-9]+$'`,
  )
  expect(count[0]?.n).toBe(0)
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
