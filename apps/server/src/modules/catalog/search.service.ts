import {
  normalSort,
  parseSpecFilters,
  searchMessages as sm,
  type SearchSort,
  type Suggestion,
  type ToolFacets,
  type ToolFacetsQuery,
  type ToolSearchQuery,
} from '@toolworks/shared'

import type { ChangeFeed } from '../../db/change-feed.js'
import type { Db } from '../../db/client.js'
import { createAnswerCache, type CachedAnswer } from '../../lib/answer-cache.js'
import { AppError } from '../../lib/app-error.js'
import { loadCategoryTree, type CategoryTree } from './categories.service.js'
import type { ToolRow } from './catalog.queries.js'
import type { FacetSpec, SearchIndex, SearchRequest } from './search-index.js'

type Filters = Pick<ToolFacetsQuery, 'q' | 'category' | 'inStock'> & Record<string, unknown>

/** True when a list query asks more than a page of the catalogue: words, a category, specs, stock. */
export function isSearch(query: Filters): boolean {
  return (
    Boolean(query.q?.trim()) ||
    query.category !== undefined ||
    query.inStock === 'true' ||
    Object.keys(query).some((k) => k.startsWith('spec.'))
  )
}

/** The query's filters in one canonical text: the cache key of equal searches. */
function filtersKey(query: Filters): string {
  const { filters } = parseSpecFilters(query)
  return JSON.stringify([
    (query.q ?? '').trim().toLowerCase().replace(/\s+/g, ' '),
    query.category ?? '',
    query.inStock === 'true',
    filters,
  ])
}

export type SearchService = ReturnType<typeof createSearchService>

/** A backstop like the answers' own: no kept tree outlives this, even if a notice were lost. */
const TREE_TTL_MS = 10_000

/**
 * The catalogue search: listing with filters, facets, suggestions, part numbers and
 * synonyms, through the SearchIndex. Answers are cached like the catalogue list, keyed by the
 * normalised query, and forgotten when the catalogue changes in any process.
 */
export function createSearchService({
  db,
  index,
  changes,
  toTool,
}: {
  db: Db
  index: SearchIndex
  changes: ChangeFeed
  toTool: (row: ToolRow) => unknown
}) {
  const cache = createAnswerCache({ feed: changes, topic: 'catalog' })

  // The category tree every search and its facets start from, kept as the answers are: until
  // the catalogue changes in any process (categories change on that topic too), at most
  // TREE_TTL_MS. Read from the database per request it was a tenth of a search's time (bench
  // profile, 2026-11-27: the rows' attributes parsed each time).
  let tree: { loading: Promise<CategoryTree>; until: number } | undefined
  const forgetTree = changes.subscribe((topic) => {
    if (topic === 'catalog') tree = undefined
  })
  function currentTree(): Promise<CategoryTree> {
    if (tree && tree.until > Date.now()) return tree.loading
    const entry = { loading: loadCategoryTree(db), until: Date.now() + TREE_TTL_MS }
    tree = entry
    entry.loading.catch(() => {
      if (tree === entry) tree = undefined
    })
    return entry.loading
  }

  async function requestOf(
    query: Filters,
  ): Promise<{ request: SearchRequest; tree: CategoryTree }> {
    const tree = await currentTree()
    let categoryIds: string[] | undefined
    if (query.category !== undefined) {
      const category = tree.bySlug(query.category)
      if (!category) {
        const message = sm.categoryUnknown(query.category)
        throw new AppError('VALIDATION_FAILED', message, { category: message })
      }
      categoryIds = tree.subtree(category).map((c) => c.id)
    }
    return {
      request: {
        q: query.q?.trim() ?? '',
        ...(categoryIds && { categoryIds }),
        specs: parseSpecFilters(query).filters,
        inStock: query.inStock === 'true',
      },
      tree,
    }
  }

  return {
    /** A page of the search as it goes on the wire, with its total (X-Total-Count). */
    list(query: ToolSearchQuery): Promise<CachedAnswer> {
      const sort: SearchSort = normalSort(query.sort) ?? (query.q?.trim() ? 'relevance' : 'newest')
      const key = `search:${sort}:${query.limit ?? ''}:${query.offset ?? ''}:${filtersKey(query)}`
      return cache.get(key, async () => {
        const { request } = await requestOf(query)
        const { rows, total } = await index.search(request, {
          sort,
          limit: query.limit,
          offset: query.offset,
          withTotal: true,
        })
        return { value: rows.map(toTool), total }
      })
    },

    /**
     * Disjunctive facets: the category tree's counts (a category counts its sub-categories'
     * tools) and the chosen category's filterable specifications.
     */
    facets(query: ToolFacetsQuery): Promise<CachedAnswer> {
      return cache.get(`facets:${filtersKey(query)}`, async () => {
        const { request, tree } = await requestOf(query)
        const chosen = query.category !== undefined ? tree.bySlug(query.category) : undefined
        const specs: FacetSpec[] = chosen
          ? tree
              .attributes(chosen)
              .filter((a) => a.filterable)
              .map((a) => ({ key: a.key, type: a.type }))
          : []
        const counts = await index.facets(request, specs)
        const own = new Map<string, number>()
        for (const { categoryId, count } of counts.byCategory)
          if (categoryId) own.set(categoryId, count)
        const value: ToolFacets = {
          total: counts.total,
          categories: tree.toApi().map((c) => {
            const row = tree.bySlug(c.slug)
            const count = row
              ? tree.subtree(row).reduce((sum, r) => sum + (own.get(r.id) ?? 0), 0)
              : 0
            return { slug: c.slug, count }
          }),
          specs: counts.specs,
        }
        return { value }
      })
    },

    suggest(q: string): Promise<Suggestion[]> {
      return index.suggest(q)
    },

    /** The tool with this part number (any letter case), cached like one tool. */
    byPartNumber(partNumber: string): Promise<CachedAnswer> {
      return cache.get(`part:${partNumber.toLowerCase()}`, async () => {
        const row = await index.byPartNumber(partNumber)
        if (!row) throw new AppError('NOT_FOUND', sm.partNotFound)
        return { value: toTool(row) }
      })
    },

    synonyms: () => index.synonyms(),

    async replaceSynonyms(groups: string[][]): Promise<string[][]> {
      await index.replaceSynonyms(groups)
      await cache.changed()
      return index.synonyms()
    },

    /**
     * A category changed here: forget the kept tree at once, before the change notice (which
     * other processes wait for) comes back.
     */
    categoriesChanged: () => {
      tree = undefined
    },

    close: () => {
      forgetTree()
      cache.close()
    },
  }
}
