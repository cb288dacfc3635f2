import type { SearchSort, SpecFacet, SpecFilter, Suggestion } from '@toolworks/shared'
import { SUGGEST_MAX } from '@toolworks/shared'

import type { ChangeFeed } from '../../db/change-feed.js'
import type { Db } from '../../db/client.js'
import type { ToolRow } from './catalog.queries.js'
import {
  countByCategory,
  countSearch,
  countSpecValues,
  findByPartNumber,
  listSynonyms,
  replaceSynonyms,
  searchTools,
  specRange,
  suggestNames,
  suggestPartNumbers,
  type SearchFilters,
} from './search.queries.js'
import { searchUnits, searchWords } from './search-words.js'

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
  const unsubscribe = changes.subscribe((topic) => {
    if (topic === 'catalog') synonymsLoading = undefined
  })
  const synonyms = () => {
    synonymsLoading ??= listSynonyms(db).catch((error: unknown) => {
      synonymsLoading = undefined
      throw error
    })
    return synonymsLoading
  }

  async function filtersOf(request: SearchRequest): Promise<SearchFilters> {
    const words = searchWords(request.q)
    return {
      q: words.length > 0 ? request.q.trim().toLowerCase() : '',
      units: words.length > 0 ? searchUnits(words, await synonyms()) : [],
      ...(request.categoryIds && { categoryIds: request.categoryIds }),
      specs: request.specs,
      inStock: request.inStock,
    }
  }

  return {
    async search(request, { sort, limit, offset, withTotal }) {
      const filters = await filtersOf(request)
      const [rows, total] = await Promise.all([
        searchTools(db, filters, sort, { limit, offset }),
        withTotal ? countSearch(db, filters) : Promise.resolve(undefined),
      ])
      return { rows, total }
    },

    async facets(request, specs) {
      const filters = await filtersOf(request)
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
