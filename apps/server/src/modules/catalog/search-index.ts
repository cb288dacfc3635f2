import type { SearchSort, SpecFacet, SpecFilter, Suggestion } from '@toolworks/shared'
import { SUGGEST_MAX } from '@toolworks/shared'
import { LRUCache } from 'lru-cache'

import type { ChangeFeed } from '../../db/change-feed.js'
import { selectRows, type Db } from '../../db/client.js'
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
 * The catalogue's search engine (issue 29). Routes and services talk to this interface only,
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
}: {
  db: Db
  changes: ChangeFeed
}): SearchIndex & {
  close(): void
} {
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
    const fresh = await typoCorrections(db, unknown)
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
    const rows = await selectRows<FacetCountRow>(db, facetCountsQuery(filters, specs))
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
      if (withTotal) return searchToolsWithTotal(db, filters, sort, { limit, offset })
      return { rows: await searchTools(db, filters, sort, { limit, offset }), total: undefined }
    },

    async facets(request, specs) {
      const filters = await filtersOf(request)
      if (filters.units.length > 0) return facetsInOne(filters, specs)
      const [total, byCategory, ...specFacets] = await Promise.all([
        countSearch(db, filters),
        countByCategory(db, filters),
        ...specs.map(async ({ key, type }): Promise<[string, SpecFacet]> =>
          type === 'number'
            ? [key, await specRange(db, filters, key)]
            : [key, { values: await countSpecValues(db, filters, key) }],
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
      const byPart = await suggestPartNumbers(db, text, SUGGEST_MAX)
      if (byPart.length >= SUGGEST_MAX) return byPart
      const byName = await suggestNames(
        db,
        await filtersOf({ q: text, specs: [], inStock: false }),
        SUGGEST_MAX,
      )
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
