import type { SearchSort, SpecFilter } from '@toolworks/shared'
import { drizzle } from 'drizzle-orm/node-postgres'
import { expect, test } from 'vitest'

import { seededRandom } from '../../lib/seeded-random.js'

import type { Db } from '../../db/client.js'
import * as schema from '../../db/schema/index.js'
import {
  PAGE_STATEMENTS_MAX,
  searchPageQuery,
  searchPageStatement,
  searchShape,
  type SearchFilters,
} from './search.queries.js'

/**
 * The search page's statement is written out as SQL once per shape of search and reused with
 * later searches' values (searchPageStatement). Over random searches, many of one shape, the
 * kept statement with this search's values must be exactly the statement built afresh: a
 * condition added to the builders that searchShape does not tell apart fails here.
 */

function searchOf(next: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const some = <T>(max: number, make: () => T): T[] =>
    Array.from({ length: Math.floor(next() * (max + 1)) }, make)
  const word = () => pick(['hss', 'drill', 'wrench', 'spanner', 'm8', 'torq', 'vise', 'bit'])
  const value = () => pick(['HSS', '8', '12.5', 'Co'])
  const spec = (): SpecFilter =>
    next() < 0.5
      ? {
          key: pick(['material', 'diameter', 'finish']),
          kind: 'values',
          values: [value(), ...some(2, value)],
        }
      : {
          key: pick(['diameter', 'length']),
          kind: 'range',
          ...(next() < 0.7 && { min: Math.floor(next() * 20) }),
          ...(next() < 0.7 && { max: 20 + Math.floor(next() * 20) }),
        }
  const filters: SearchFilters = {
    q: next() < 0.3 ? '' : some(3, word).join(' '),
    units: some(2, () => ({
      phrases: some(2, () => some(2, word)),
      typo: next() < 0.5 ? null : word(),
    })),
    ...(next() < 0.6 && { categoryIds: some(2, () => pick(['c1', 'c2', 'c3', 'c4'])) }),
    specs: some(2, spec),
    inStock: next() < 0.5,
  }
  const sort = pick<SearchSort>(['relevance', 'newest', 'price-asc', 'price-desc'])
  const page = {
    ...(next() < 0.8 && { limit: pick([12, 24, 48]) }),
    ...(next() < 0.5 && { offset: Math.floor(next() * 100) }),
  }
  return { filters, sort, page }
}

test('a kept statement with a later search’s values is the statement built afresh', () => {
  const db = drizzle.mock({ schema }) as unknown as Db
  const next = seededRandom(29)
  const shapes = new Map<string, number>()
  for (let i = 0; i < 3000; i++) {
    const { filters, sort, page } = searchOf(next)
    const shape = searchShape(filters, sort, page)
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1)
    const kept = searchPageStatement(db, filters, sort, page)
    const fresh = searchPageQuery(db, filters, sort, page).toSQL()
    expect({ sql: kept.sql, params: kept.params }, `case ${i}: ${shape}`).toEqual(fresh)
  }
  // The check means something only if shapes came back with other values.
  const reused = [...shapes.values()].reduce((sum, n) => sum + n - 1, 0)
  expect(reused).toBeGreaterThan(500)
  // More shapes than are kept: statements dropped and built again must be right too.
  expect(shapes.size).toBeGreaterThan(PAGE_STATEMENTS_MAX)
})

test('searches of one shape share a statement; another shape gets its own', () => {
  const db = drizzle.mock({ schema }) as unknown as Db
  const base: SearchFilters = { q: 'hss', units: [], specs: [], inStock: false }
  const drill = { ...base, q: 'drill', units: [{ phrases: [['drill']], typo: null }] }
  const vise = { ...base, q: 'vise', units: [{ phrases: [['vise']], typo: 'vise' }] }
  const a = searchPageStatement(db, drill, 'relevance', { limit: 24 })
  const b = searchPageStatement(db, vise, 'relevance', { limit: 48 })
  expect(b.sql).toBe(a.sql)
  expect(a.params).toContain('drill')
  expect(b.params).toContain('vise')
  expect(b.params).not.toContain('drill')
  const inStock = searchPageStatement(db, { ...vise, inStock: true }, 'relevance', { limit: 48 })
  expect(inStock.sql).not.toBe(a.sql)
  expect(inStock.sql).toContain('> 0')
})
