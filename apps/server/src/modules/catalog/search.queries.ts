import { SPEC_NUMBER, type SearchSort, type SpecFilter, type Suggestion } from '@toolworks/shared'
import {
  and,
  asc,
  count,
  desc,
  fillPlaceholders,
  inArray,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm'
import { LRUCache } from 'lru-cache'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { searchLexicon, searchSynonyms, tools } from '../../db/schema/index.js'
import { toolColumns, type ToolRow } from './catalog.queries.js'
import { rankTsQuery, unitTsQuery, type SearchUnit } from './search-words.js'

/**
 * The SQL of the catalogue search, the same on PGlite and PostgreSQL. Every
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

/**
 * How a value takes its place in a statement: as itself (drizzle binds it as a parameter), or
 * as a named placeholder whose value is kept aside, for a statement built once per shape of
 * search (searchPageStatement).
 */
type Bind = <T extends string | number>(value: T) => T | Placeholder
const inline: Bind = (value) => value
const lowerPart = sql`lower(${tools.partNumber})`

/**
 * A unit's words through the tsvector index. A mistyped word was matched by similarity against
 * the catalogue's words beforehand (typoCorrections), and what it found is among the phrases:
 * every condition here is the one GIN index, where `typo <% search_text` took some 400
 * candidates from the trigram index for a five-letter word and rechecked each (docs/performance.md).
 */
function unitMatches(unit: SearchUnit, bind: Bind): SQL {
  return sql`${tools.searchVector} @@ to_tsquery('simple', ${bind(unitTsQuery(unit))})`
}

/** At most this many of the catalogue's words stand in for one mistyped word, closest first. */
export const TYPO_CORRECTIONS_MAX = 8

/**
 * The catalogue's words like each mistyped word, by the same word similarity and threshold as
 * pg_trgm's `<%` (WORD_SIMILARITY_THRESHOLD), closest first: one branch per word, each served
 * by search_lexicon_word_trgm_idx (a builder, so tests can EXPLAIN it).
 */
export function typoCorrectionsQuery(typos: readonly string[]): SQL {
  return sql.join(
    typos.map(
      (typo) => sql`(select ${typo}::text as typo, ${searchLexicon.word} as word
        from ${searchLexicon}
        where ${typo}::text <% ${searchLexicon.word}
        order by ${typo}::text <<-> ${searchLexicon.word}, ${searchLexicon.word}
        limit ${TYPO_CORRECTIONS_MAX})`,
    ),
    sql` union all `,
  )
}

/** Each mistyped word's stand-ins from the catalogue's words (none for a word like nothing). */
export async function typoCorrections(
  db: DbOrTx,
  typos: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>()
  if (typos.length === 0) return found
  const rows = await selectRows<{ typo: string; word: string }>(db, typoCorrectionsQuery(typos))
  for (const { typo, word } of rows) found.set(typo, [...(found.get(typo) ?? []), word])
  return found
}

/** A spec value as jsonb containment, which tools_specs_idx serves; numbers match by value. */
function specMatches(filter: SpecFilter, bind: Bind = inline): SQL {
  if (filter.kind === 'values') {
    const any = filter.values.flatMap((v) => {
      const forms: unknown[] = [v]
      if (SPEC_NUMBER.test(v)) forms.push(Number(v))
      return forms.map(
        (form) => sql`${tools.specs} @> ${bind(JSON.stringify({ [filter.key]: form }))}::jsonb`,
      )
    })
    return sql`(${sql.join(any, sql` or `)})`
  }
  // CASE first: a cast of a text value would fail, and AND does not promise an order.
  const key = bind(filter.key)
  const value = sql`(case when jsonb_typeof(${tools.specs} -> ${key}) = 'number' then (${tools.specs} -> ${key})::numeric end)`
  const ends = [
    filter.min !== undefined ? sql`${value} >= ${bind(filter.min)}` : undefined,
    filter.max !== undefined ? sql`${value} <= ${bind(filter.max)}` : undefined,
  ].filter((c): c is SQL => c !== undefined)
  return sql`(${sql.join(ends, sql` and `)})`
}

/** The category and spec filters, `without` one of them (disjunctive facets). */
function narrowing(
  filters: SearchFilters,
  without?: { category?: true; spec?: string },
  bind: Bind = inline,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = []
  if (filters.categoryIds && !without?.category)
    conditions.push(
      filters.categoryIds.length > 0
        ? inArray(tools.categoryId, filters.categoryIds.map(bind))
        : sql`false`,
    )
  for (const spec of filters.specs)
    if (spec.key !== without?.spec) conditions.push(specMatches(spec, bind))
  return conditions
}

/** On sale, the words (or the exact part number), in stock if asked: what every facet shares. */
function matchWhere(filters: SearchFilters, bind: Bind = inline): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [active]
  if (filters.units.length > 0) {
    const words = and(...filters.units.map((unit) => unitMatches(unit, bind)))
    conditions.push(filters.q ? sql`(${words} or ${lowerPart} = ${bind(filters.q)})` : words)
  }
  if (filters.inStock) conditions.push(sql`${tools.quantity} > 0`)
  return conditions
}

/**
 * The search's WHERE. `without` leaves one filter out: a facet counts as if its own filter
 * were off (disjunctive facets).
 */
export function searchWhere(
  filters: SearchFilters,
  without?: { category?: true; spec?: string },
  bind: Bind = inline,
): SQL | undefined {
  return and(...matchWhere(filters, bind), ...narrowing(filters, without, bind))
}

function orderOf(filters: SearchFilters, sort: SearchSort, bind: Bind = inline): SQL[] {
  if (sort === 'price-asc') return [asc(tools.priceCents), asc(tools.id)]
  if (sort === 'price-desc') return [desc(tools.priceCents), desc(tools.id)]
  const newest = [desc(tools.createdAt), desc(tools.id)]
  if (sort === 'newest' || filters.units.length === 0) return newest
  // Relevance: the exact part number first, then the words' weights (and closeness of a
  // mistyped word), then what is in stock.
  const rank = sql`ts_rank(${tools.searchVector}, to_tsquery('simple', ${bind(rankTsQuery(filters.units))})) + 0.1 * word_similarity(${bind(filters.q)}, ${tools.searchText})`
  return [
    sql`(${lowerPart} = ${bind(filters.q)}) desc nulls last`,
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

/**
 * One page of the search with the number of all matches beside each row (`count(*) over ()`,
 * computed before the limit): the words are matched once for the page and its total, where a
 * page and a count would match them twice. A builder, so tests can EXPLAIN it.
 */
export function searchPageQuery(
  db: DbOrTx,
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit?: number; offset?: number } = {},
  bind: Bind = inline,
) {
  const query = db
    .select({ ...toolColumns, matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tools)
    .where(searchWhere(filters, undefined, bind))
    .orderBy(...orderOf(filters, sort, bind))
    .$dynamic()
  if (page.limit !== undefined) query.limit(bind(page.limit))
  // As drizzle writes it: no OFFSET for 0.
  if (page.offset) query.offset(bind(page.offset))
  return query
}

/**
 * What decides the text of a search page's statement, the values aside: which conditions there
 * are and how many parameters each takes. searchPageStatement keeps one statement per shape;
 * search-statement.test.ts checks, over random searches, that a kept statement with a later
 * search's values is the statement built afresh, so a condition added to the builders without
 * its place here fails there.
 */
export function searchShape(
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit?: number; offset?: number },
): string {
  return JSON.stringify([
    filters.units.length,
    filters.q !== '',
    filters.inStock,
    filters.categoryIds?.length ?? null,
    filters.specs.map((spec) =>
      spec.kind === 'values'
        ? ['values', ...spec.values.map((v) => SPEC_NUMBER.test(v))]
        : ['range', spec.min !== undefined, spec.max !== undefined],
    ),
    sort,
    page.limit !== undefined,
    Boolean(page.offset),
  ])
}

type PageQuery = ReturnType<typeof searchPageQuery>

/**
 * Each shape of search's page statement, built and turned into SQL text once (per database
 * object, so a transaction never reuses the outer database's). Building that text was the
 * dearest part of a search's own CPU time, about 0.5 ms a request (the bench's profile).
 */
const pageStatements = new WeakMap<
  DbOrTx,
  LRUCache<string, { prepared: ReturnType<PageQuery['prepare']>; sql: string; params: unknown[] }>
>()

/** Searches of different shapes a database keeps statements for, the least recent dropped. */
export const PAGE_STATEMENTS_MAX = 500

/**
 * A search page's statement, kept per shape, with this search's values for its placeholders.
 * `sql` and `params` are what would be sent, for tests.
 */
export function searchPageStatement(
  db: DbOrTx,
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit?: number; offset?: number } = {},
) {
  const values: Record<string, string | number> = {}
  let n = 0
  const bind: Bind = (value) => {
    const name = `p${n++}`
    values[name] = value
    return sql.placeholder(name)
  }
  // Built on every search: its values come out of the builders, and putting the condition
  // objects together is cheap next to writing them out as SQL, which happens once per shape.
  const query = searchPageQuery(db, filters, sort, page, bind)
  let kept = pageStatements.get(db)
  if (!kept) {
    kept = new LRUCache({ max: PAGE_STATEMENTS_MAX })
    pageStatements.set(db, kept)
  }
  const shape = searchShape(filters, sort, page)
  let statement = kept.get(shape)
  if (!statement) {
    const { sql: text, params } = query.toSQL()
    // Unnamed: a named statement would stay on every pooled connection, and PostgreSQL moves a
    // named statement to a generic plan after five runs, blind to the words and filters that
    // choose the indexes. drizzle's prepare(name) takes no name for that, hence the cast.
    statement = { prepared: query.prepare(undefined as unknown as string), sql: text, params }
    kept.set(shape, statement)
  }
  const { prepared, sql: text, params } = statement
  return {
    sql: text,
    get params() {
      return fillPlaceholders(params, values)
    },
    execute: () => prepared.execute(values),
  }
}

/** A page of the search and the number of all its matches. */
export async function searchToolsWithTotal(
  db: DbOrTx,
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit?: number; offset?: number } = {},
): Promise<{ rows: ToolRow[]; total: number }> {
  const found = await searchPageStatement(db, filters, sort, page).execute()
  const [first] = found
  // A page past the end has no row to carry the total: counted apart (rare).
  if (!first) return { rows: [], total: page.offset ? await countSearch(db, filters) : 0 }
  return { rows: found.map(({ matches: _matches, ...row }) => row), total: first.matches }
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

/** How many tools have each value of a text or enumeration spec, its own filter left out (a builder: EXPLAIN). */
export function countSpecValuesQuery(db: DbOrTx, filters: SearchFilters, key: string) {
  const value = sql<string>`${tools.specs} ->> ${key}`
  return (
    db
      .select({ value, n: count() })
      .from(tools)
      .where(and(searchWhere(filters, { spec: key }), sql`${tools.specs} ? ${key}`))
      // By position: the key is a parameter, and $1 and $5 are not the same expression to GROUP BY.
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1`)
  )
}

export async function countSpecValues(
  db: DbOrTx,
  filters: SearchFilters,
  key: string,
): Promise<{ value: string; count: number }[]> {
  const rows = await countSpecValuesQuery(db, filters, key)
  return rows.map((r) => ({ value: r.value, count: r.n }))
}

/** The smallest and largest value of a number spec, its own filter left out (a builder: EXPLAIN). */
export function specRangeQuery(db: DbOrTx, filters: SearchFilters, key: string) {
  const value = sql`(case when jsonb_typeof(${tools.specs} -> ${key}) = 'number' then (${tools.specs} -> ${key})::numeric end)`
  return db
    .select({ min: sql<string | null>`min(${value})`, max: sql<string | null>`max(${value})` })
    .from(tools)
    .where(searchWhere(filters, { spec: key }))
}

export async function specRange(
  db: DbOrTx,
  filters: SearchFilters,
  key: string,
): Promise<{ min: number | null; max: number | null }> {
  const [row] = await specRangeQuery(db, filters, key)
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v))
  return { min: num(row?.min), max: num(row?.max) }
}

export type FacetCountRow = {
  part: number
  key: string | null
  value: string | null
  n: number | null
  min: string | number | null
  max: string | number | null
}

/**
 * Every facet of a search with words in one statement: the tools the words match
 * (the dear part: the tsvector and trigram conditions, and their rechecks) are found once, kept
 * in a materialized CTE, and each facet counts over them with its own filter left out. Parts:
 * 0 the total, 1 per category, 2 per value of a text or enum spec, 3 a number spec's range.
 * Each filter (the category, each spec filter) is worked out once per matched tool, as a
 * boolean column of the CTE (f0, f1, …), and the facets combine those columns: the statement
 * is a third of the size it was with every filter written out in every facet, and building
 * its text was half of a facets request's time (bench profile, 2026-11-28).
 * Without words the facets keep their own statements, which the category and spec indexes
 * serve better than a CTE of the whole catalogue.
 */
export function facetCountsQuery(
  filters: SearchFilters,
  specs: readonly { key: string; type: 'number' | 'enum' | 'text' }[],
): SQL {
  // The filters that narrow the matches, each a column of the CTE, with what it stands for.
  const flags: { column: SQL; condition: SQL; category?: true; spec?: string }[] = []
  if (filters.categoryIds)
    flags.push({
      column: sql.raw(`f${flags.length}`),
      condition:
        filters.categoryIds.length > 0
          ? inArray(tools.categoryId, filters.categoryIds)
          : sql`false`,
      category: true,
    })
  for (const spec of filters.specs)
    flags.push({
      column: sql.raw(`f${flags.length}`),
      condition: specMatches(spec),
      spec: spec.key,
    })
  /** The flags' conjunction, `without` one filter (disjunctive facets), as a WHERE. */
  const where = (without?: { category?: true; spec?: string }, also?: SQL) => {
    const kept = flags
      .filter(
        (f) => !(without?.category && f.category) && !(without?.spec && f.spec === without.spec),
      )
      .map((f) => f.column)
    const all = also ? [...kept, also] : kept
    return all.length > 0 ? sql` where ${sql.join(all, sql` and `)}` : sql``
  }
  // Each branch reads the CTE under the table's name, so "tools"."specs" and
  // "tools"."category_id" are its columns.
  const matched = sql`matched as ${tools}`
  const branches: SQL[] = [
    sql`select 0 as part, null::text as key, null::text as value, count(*)::int as n,
      null::numeric as min, null::numeric as max from ${matched}${where()}`,
    sql`select 1, null, ${tools.categoryId}::text, count(*)::int, null, null
      from ${matched}${where({ category: true })} group by ${tools.categoryId}`,
  ]
  for (const { key, type } of specs) {
    if (type === 'number') {
      const value = sql`(case when jsonb_typeof(${tools.specs} -> ${key}) = 'number' then (${tools.specs} -> ${key})::numeric end)`
      branches.push(
        sql`select 3, ${key}::text, null, null, min(${value}), max(${value}) from ${matched}${where({ spec: key })}`,
      )
    } else {
      branches.push(
        sql`select 2, ${key}::text, ${tools.specs} ->> ${key}, count(*)::int, null, null
          from ${matched}${where({ spec: key }, sql`${tools.specs} ? ${key}`)}
          group by 3`,
      )
    }
  }
  const columns = [
    sql`${tools.categoryId}`,
    sql`${tools.specs}`,
    ...flags.map((f) => sql`${f.condition} as ${f.column}`),
  ]
  return sql`with matched as materialized (
      select ${sql.join(columns, sql`, `)} from ${tools} where ${and(...matchWhere(filters))}
    )
    ${sql.join(
      branches.map((b) => sql`(${b})`),
      sql` union all `,
    )}
    -- Values as countSpecValues orders them: most first, then by value.
    order by 1, 4 desc, 3`
}

/** A tool on sale by part number, regardless of letter case (a builder: EXPLAIN). */
export function findByPartNumberQuery(db: DbOrTx, partNumber: string) {
  return db
    .select(toolColumns)
    .from(tools)
    .where(and(active, sql`${lowerPart} = ${partNumber.toLowerCase()}`))
    .limit(1)
}

/** A tool on sale by part number, regardless of letter case (tools_part_number_idx). */
export async function findByPartNumber(
  db: DbOrTx,
  partNumber: string,
): Promise<ToolRow | undefined> {
  const [row] = await findByPartNumberQuery(db, partNumber)
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
export function suggestPartNumbersQuery(db: DbOrTx, q: string, limit: number) {
  const pattern = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select(suggestionColumns)
    .from(tools)
    .where(and(active, sql`${lowerPart} like ${pattern}`))
    .orderBy(asc(sql`length(${tools.partNumber})`), asc(tools.partNumber))
    .limit(limit)
}

export function suggestPartNumbers(db: DbOrTx, q: string, limit: number): Promise<Suggestion[]> {
  return suggestPartNumbersQuery(db, q, limit)
}

/** Names matching the query's words, best first (a builder: EXPLAIN). */
export function suggestNamesQuery(db: DbOrTx, filters: SearchFilters, limit: number) {
  return db
    .select(suggestionColumns)
    .from(tools)
    .where(searchWhere(filters))
    .orderBy(...orderOf(filters, 'relevance'))
    .limit(limit)
}

export function suggestNames(
  db: DbOrTx,
  filters: SearchFilters,
  limit: number,
): Promise<Suggestion[]> {
  return suggestNamesQuery(db, filters, limit)
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
