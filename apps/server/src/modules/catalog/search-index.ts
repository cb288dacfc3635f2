import type { SearchSort, SpecFacet, SpecFilter, Suggestion } from '@toolworks/shared'
import { searchMessages, SUGGEST_MAX } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'

import type { ChangeFeed } from '../../db/change-feed.js'
import { selectRows, type Db, type DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isStatementTimeout } from '../../lib/db-errors.js'
import type { ToolRow } from './catalog.queries.js'
import {
  countByCategory,
  countSearch,
  countSpecValues,
  facetCountsQuery,
  findByPartNumber,
  listSynonyms,
  replaceSynonyms,
  searchTools,
  searchToolsWithTotal,
  specRange,
  suggestNames,
  suggestPartNumbers,
  typoCorrections,
  type FacetCountRow,
  type SearchFilters,
} from './search.queries.js'
import { searchUnits, searchWords, withTypoWords } from './search-words.js'

/** How many mistyped words' stand-ins each process keeps until the catalogue changes. */
const TYPO_WORDS_KEPT = 2000

/** When a search cut by its time limit may be asked again: a lock or a load spike has passed. */
export const SEARCH_RETRY_AFTER_SECONDS = 2

/** What a buyer asks the catalogue, in the engine's neutral words. */
export type SearchRequest = {
  /** The typed query, as sent (trimmed). */
  q: string
  /** The category and its sub-categories (ids); undefined for any category. */
  categoryIds?: string[]
  specs: SpecFilter[]
  inStock: boolean
}

export type FacetSpec = { key: string; type: 'number' | 'enum' | 'text' }

export type FacetCounts = {
  total: number
  /** Matching tools per category id (not rolled up), the category filter left out. */
  byCategory: { categoryId: string | null; count: number }[]
  specs: Record<string, SpecFacet>
}

/**
 * The catalogue's search engine. Routes and services talk to this interface only,
 * so a search server could replace the SQL one without touching them.
 */
export interface SearchIndex {
  search(
    request: SearchRequest,
    options: { sort: SearchSort; limit?: number; offset?: number; withTotal: boolean },
  ): Promise<{ rows: ToolRow[]; total: number | undefined }>
  /** Disjunctive counts: each facet as if its own filter were off. */
  facets(request: SearchRequest, specs: readonly FacetSpec[]): Promise<FacetCounts>
  /** At most SUGGEST_MAX: part numbers starting with q, then names matching it. */
  suggest(q: string): Promise<Suggestion[]>
  /** A tool on sale by part number, regardless of letter case. */
  byPartNumber(partNumber: string): Promise<ToolRow | undefined>
  synonyms(): Promise<string[][]>
  replaceSynonyms(groups: string[][]): Promise<void>
}

/**
 * The search in SQL, on PGlite and PostgreSQL alike (search.queries.ts). Synonyms are read once
 * and kept until the catalogue changes in any process.
 */
export function createSqlSearchIndex({
  db,
  changes,
  statementTimeoutMs,
}: {
  db: Db
  changes: ChangeFeed
  /**
   * How long each uncached search statement may run (SEARCH_TIMEOUT_MS), set with
   * `statement_timeout` for its own transaction; past it PostgreSQL cancels it and the search
   * answers 503 with Retry-After, never a hung request. Undefined on PGlite, which runs one
   * statement at a time without timers and would not enforce it.
   */
  statementTimeoutMs?: number
}): SearchIndex & {
  close(): void
} {
  /**
   * Runs search statements under the time limit, in a transaction of their own: SET LOCAL
   * (set_config's third argument) ends with it, so the pooled connection goes back unchanged.
   */
  async function timed<T>(run: (q: DbOrTx) => Promise<T>): Promise<T> {
    if (statementTimeoutMs === undefined) return run(db)
    const limit = String(Math.max(1, Math.round(statementTimeoutMs)))
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('statement_timeout', ${limit}, true)`)
        return run(tx)
      })
    } catch (error) {
      if (!isStatementTimeout(error)) throw error
      throw new AppError(
        'UNAVAILABLE',
        searchMessages.searchTooSlow,
        undefined,
        SEARCH_RETRY_AFTER_SECONDS,
      )
    }
  }

  let synonymsLoading: Promise<string[][]> | undefined
  // A mistyped word's stand-ins, kept like the synonyms: buyers repeat their typos, and each
  // look-up is a round trip. Bounded, as the words typed are the buyers' to choose.
  const standIns = new LRUCache<string, string[]>({ max: TYPO_WORDS_KEPT })
  const unsubscribe = changes.subscribe((topic) => {
    if (topic !== 'catalog') return
    synonymsLoading = undefined
    standIns.clear()
  })
  const synonyms = () => {
    synonymsLoading ??= listSynonyms(db).catch((error: unknown) => {
      synonymsLoading = undefined
      throw error
    })
    return synonymsLoading
  }

  async function correctionsOf(typos: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>()
    const unknown = typos.filter((typo) => {
      const kept = standIns.get(typo)
      if (kept) found.set(typo, kept)
      return !kept
    })
    const fresh =
      unknown.length > 0
        ? await timed((q) => typoCorrections(q, unknown))
        : new Map<string, string[]>()
    for (const typo of unknown) {
      const words = fresh.get(typo) ?? []
      standIns.set(typo, words)
      found.set(typo, words)
    }
    return found
  }

  async function filtersOf(request: SearchRequest): Promise<SearchFilters> {
    const words = searchWords(request.q)
    const units = words.length > 0 ? searchUnits(words, await synonyms()) : []
    const typos = [...new Set(units.flatMap((u) => (u.typo ? [u.typo] : [])))]
    return {
      q: words.length > 0 ? request.q.trim().toLowerCase() : '',
      units: withTypoWords(units, await correctionsOf(typos)),
      ...(request.categoryIds && { categoryIds: request.categoryIds }),
      specs: request.specs,
      inStock: request.inStock,
    }
  }

  /** The facets of a search with words, in one statement (facetCountsQuery). */
  async function facetsInOne(
    filters: SearchFilters,
    specs: readonly FacetSpec[],
  ): Promise<FacetCounts> {
    const rows = await timed((q) => selectRows<FacetCountRow>(q, facetCountsQuery(filters, specs)))
    const num = (v: string | number | null) => (v === null ? null : Number(v))
    const counts: FacetCounts = { total: 0, byCategory: [], specs: {} }
    for (const { key, type } of specs)
      counts.specs[key] = type === 'number' ? { min: null, max: null } : { values: [] }
    for (const row of rows) {
      if (row.part === 0) counts.total = row.n ?? 0
      else if (row.part === 1) counts.byCategory.push({ categoryId: row.value, count: row.n ?? 0 })
      else if (row.key !== null && row.part === 3)
        counts.specs[row.key] = { min: num(row.min), max: num(row.max) }
      else if (row.key !== null && row.value !== null) {
        const facet = counts.specs[row.key]
        if (facet && 'values' in facet) facet.values.push({ value: row.value, count: row.n ?? 0 })
      }
    }
    return counts
  }

  return {
    async search(request, { sort, limit, offset, withTotal }) {
      const filters = await filtersOf(request)
      const page = { limit, offset }
      if (withTotal) return timed((q) => searchToolsWithTotal(q, filters, sort, page))
      return { rows: await timed((q) => searchTools(q, filters, sort, page)), total: undefined }
    },

    async facets(request, specs) {
      const filters = await filtersOf(request)
      if (filters.units.length > 0) return facetsInOne(filters, specs)
      // Each count in a transaction of its own, side by side on the pool's connections.
      const [total, byCategory, ...specFacets] = await Promise.all([
        timed((q) => countSearch(q, filters)),
        timed((q) => countByCategory(q, filters)),
        ...specs.map(async ({ key, type }): Promise<[string, SpecFacet]> =>
          type === 'number'
            ? [key, await timed((q) => specRange(q, filters, key))]
            : [key, { values: await timed((q) => countSpecValues(q, filters, key)) }],
        ),
      ])
      return {
        total,
        byCategory: byCategory.map((r) => ({ categoryId: r.categoryId, count: r.n })),
        specs: Object.fromEntries(specFacets),
      }
    },

    async suggest(q) {
      const text = q.trim()
      if (searchWords(text).length === 0) return []
      const byPart = await timed((q) => suggestPartNumbers(q, text, SUGGEST_MAX))
      if (byPart.length >= SUGGEST_MAX) return byPart
      const filters = await filtersOf({ q: text, specs: [], inStock: false })
      const byName = await timed((q) => suggestNames(q, filters, SUGGEST_MAX))
      const seen = new Set(byPart.map((s) => s._id))
      return [...byPart, ...byName.filter((s) => !seen.has(s._id))].slice(0, SUGGEST_MAX)
    },

    byPartNumber: (partNumber) => findByPartNumber(db, partNumber),
    synonyms,
    async replaceSynonyms(groups) {
      await db.transaction((tx) => replaceSynonyms(tx, groups))
      synonymsLoading = undefined
    },
    close: unsubscribe,
  }
}
