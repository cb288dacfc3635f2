import type { SearchSort, SpecFilter, Suggestion } from '@toolworks/shared'
import { and, asc, count, desc, inArray, isNull, sql, type SQL } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { searchSynonyms, tools } from '../../db/schema/index.js'
import { toolColumns, type ToolRow } from './catalog.queries.js'
import { rankTsQuery, unitTsQuery, type SearchUnit } from './search-words.js'

/**
 * The SQL of the catalogue search (issue 29), the same on PGlite and PostgreSQL. Every
 * condition is one of the indexes of db/schema/catalog.ts: the weighted tsvector (words and
 * their starts), pg_trgm on the search text (typos) and on the part number, the jsonb
 * specifications (containment), the category.
 */
export type SearchFilters = {
  /** The whole query lower-cased and trimmed: an exact part number ranks first. */
  q: string
  units: SearchUnit[]
  /** The category and its sub-categories; undefined for any. */
  categoryIds?: string[]
  specs: SpecFilter[]
  inStock: boolean
}

const active = isNull(tools.deletedAt)
const lowerPart = sql`lower(${tools.partNumber})`

function unitMatches(unit: SearchUnit): SQL {
  const words = sql`${tools.searchVector} @@ to_tsquery('simple', ${unitTsQuery(unit)})`
  return unit.typo ? sql`(${words} or ${unit.typo} <% ${tools.searchText})` : words
}

const NUMBER = /^-?\d+(?:\.\d+)?$/

/** A spec value as jsonb containment, which tools_specs_idx serves; numbers match by value. */
function specMatches(filter: SpecFilter): SQL {
  if (filter.kind === 'values') {
    const any = filter.values.flatMap((v) => {
      const forms: unknown[] = [v]
      if (NUMBER.test(v)) forms.push(Number(v))
      return forms.map(
        (form) => sql`${tools.specs} @> ${JSON.stringify({ [filter.key]: form })}::jsonb`,
      )
    })
    return sql`(${sql.join(any, sql` or `)})`
  }
  // CASE first: a cast of a text value would fail, and AND does not promise an order.
  const value = sql`(case when jsonb_typeof(${tools.specs} -> ${filter.key}) = 'number' then (${tools.specs} -> ${filter.key})::numeric end)`
  const ends = [
    filter.min !== undefined ? sql`${value} >= ${filter.min}` : undefined,
    filter.max !== undefined ? sql`${value} <= ${filter.max}` : undefined,
  ].filter((c): c is SQL => c !== undefined)
  return sql`(${sql.join(ends, sql` and `)})`
}

/**
 * The search's WHERE. `without` leaves one filter out: a facet counts as if its own filter
 * were off (disjunctive facets).
 */
export function searchWhere(
  filters: SearchFilters,
  without?: { category?: true; spec?: string },
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [active]
  if (filters.units.length > 0) {
    const words = and(...filters.units.map(unitMatches))
    conditions.push(filters.q ? sql`(${words} or ${lowerPart} = ${filters.q})` : words)
  }
  if (filters.categoryIds && !without?.category)
    conditions.push(
      filters.categoryIds.length > 0 ? inArray(tools.categoryId, filters.categoryIds) : sql`false`,
    )
  for (const spec of filters.specs)
    if (spec.key !== without?.spec) conditions.push(specMatches(spec))
  if (filters.inStock) conditions.push(sql`${tools.quantity} > 0`)
  return and(...conditions)
}

function orderOf(filters: SearchFilters, sort: SearchSort): SQL[] {
  if (sort === 'price-asc') return [asc(tools.priceCents), asc(tools.id)]
  if (sort === 'price-desc') return [desc(tools.priceCents), desc(tools.id)]
  const newest = [desc(tools.createdAt), desc(tools.id)]
  if (sort === 'newest' || filters.units.length === 0) return newest
  // Relevance: the exact part number first, then the words' weights (and closeness of a
  // mistyped word), then what is in stock.
  const rank = sql`ts_rank(${tools.searchVector}, to_tsquery('simple', ${rankTsQuery(filters.units)})) + 0.1 * word_similarity(${filters.q}, ${tools.searchText})`
  return [
    sql`(${lowerPart} = ${filters.q}) desc nulls last`,
    sql`${rank} desc`,
    sql`(${tools.quantity} > 0) desc`,
    ...newest,
  ]
}

/** One page of the search (the builder, so tests can EXPLAIN it). */
export function searchQuery(
  db: DbOrTx,
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit?: number; offset?: number } = {},
) {
  const query = db
    .select(toolColumns)
    .from(tools)
    .where(searchWhere(filters))
    .orderBy(...orderOf(filters, sort))
    .$dynamic()
  if (page.limit !== undefined) query.limit(page.limit)
  if (page.offset !== undefined) query.offset(page.offset)
  return query
}

export function searchTools(
  db: DbOrTx,
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit?: number; offset?: number } = {},
): Promise<ToolRow[]> {
  return searchQuery(db, filters, sort, page)
}

/** How many tools match (the builder, so tests can EXPLAIN it). */
export function countSearchQuery(
  db: DbOrTx,
  filters: SearchFilters,
  without?: { category?: true; spec?: string },
) {
  return db.select({ n: count() }).from(tools).where(searchWhere(filters, without))
}

export async function countSearch(
  db: DbOrTx,
  filters: SearchFilters,
  without?: { category?: true; spec?: string },
): Promise<number> {
  const [row] = await countSearchQuery(db, filters, without)
  return row?.n ?? 0
}

/** How many tools of each category match, the category filter left out (a builder: EXPLAIN). */
export function countByCategory(db: DbOrTx, filters: SearchFilters) {
  return db
    .select({ categoryId: tools.categoryId, n: count() })
    .from(tools)
    .where(searchWhere(filters, { category: true }))
    .groupBy(tools.categoryId)
}

/** How many tools have each value of a text or enumeration spec, its own filter left out. */
export async function countSpecValues(
  db: DbOrTx,
  filters: SearchFilters,
  key: string,
): Promise<{ value: string; count: number }[]> {
  const value = sql<string>`${tools.specs} ->> ${key}`
  const rows = await db
    .select({ value, n: count() })
    .from(tools)
    .where(and(searchWhere(filters, { spec: key }), sql`${tools.specs} ? ${key}`))
    // By position: the key is a parameter, and $1 and $5 are not the same expression to GROUP BY.
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`)
  return rows.map((r) => ({ value: r.value, count: r.n }))
}

/** The smallest and largest value of a number spec, its own filter left out. */
export async function specRange(
  db: DbOrTx,
  filters: SearchFilters,
  key: string,
): Promise<{ min: number | null; max: number | null }> {
  const value = sql`(case when jsonb_typeof(${tools.specs} -> ${key}) = 'number' then (${tools.specs} -> ${key})::numeric end)`
  const [row] = await db
    .select({ min: sql<string | null>`min(${value})`, max: sql<string | null>`max(${value})` })
    .from(tools)
    .where(searchWhere(filters, { spec: key }))
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v))
  return { min: num(row?.min), max: num(row?.max) }
}

/** A tool on sale by part number, regardless of letter case (tools_part_number_idx). */
export async function findByPartNumber(
  db: DbOrTx,
  partNumber: string,
): Promise<ToolRow | undefined> {
  const [row] = await db
    .select(toolColumns)
    .from(tools)
    .where(and(active, sql`${lowerPart} = ${partNumber.toLowerCase()}`))
    .limit(1)
  return row
}

/** Whether another tool (deleted ones too: the index is on every row) has this part number. */
export async function partNumberTaken(
  db: DbOrTx,
  partNumber: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(
      and(
        sql`${lowerPart} = ${partNumber.toLowerCase()}`,
        exceptId ? sql`${tools.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

const suggestionColumns = { _id: tools.id, name: tools.name, partNumber: tools.partNumber }

/** Part numbers starting with the query (tools_part_number_trgm_idx serves LIKE), shortest first. */
export function suggestPartNumbers(db: DbOrTx, q: string, limit: number): Promise<Suggestion[]> {
  const pattern = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select(suggestionColumns)
    .from(tools)
    .where(and(active, sql`${lowerPart} like ${pattern}`))
    .orderBy(asc(sql`length(${tools.partNumber})`), asc(tools.partNumber))
    .limit(limit)
}

/** Names matching the query's words, best first. */
export function suggestNames(
  db: DbOrTx,
  filters: SearchFilters,
  limit: number,
): Promise<Suggestion[]> {
  return db
    .select(suggestionColumns)
    .from(tools)
    .where(searchWhere(filters))
    .orderBy(...orderOf(filters, 'relevance'))
    .limit(limit)
}

/** The synonym groups, in the admin's order. */
export async function listSynonyms(db: DbOrTx): Promise<string[][]> {
  const rows = await db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.position))
  return rows.map((r) => r.terms)
}

/** Replaces every synonym group (in the caller's transaction). */
export async function replaceSynonyms(tx: DbOrTx, groups: string[][]): Promise<void> {
  await tx.delete(searchSynonyms).where(sql`true`)
  if (groups.length > 0)
    await tx.insert(searchSynonyms).values(groups.map((terms, i) => ({ position: i + 1, terms })))
}
