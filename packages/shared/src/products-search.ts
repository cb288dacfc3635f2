import type { ToolSort } from './catalog.js'
import { PRODUCTS_PAGE_SIZE, TOOL_SEARCH_MAX } from './constants.js'
import { CATEGORY_SLUG, parseSpecFilters, type SpecFilter } from './spec-filters.js'

/**
 * /products as a URL: page, words, sort, category, specification filters and
 * "in stock only", read the same way by the server's renderer and the browser, and written back
 * with defaults left out, so a shared link, reload, back and forward show the same view.
 * `/products?category=drill-bits&q=hss&spec.diameter=8..12&spec.material=HSS,HSS-Co`
 */

/** `relevance` is the search's own order; the others are the list's. */
export type ProductSort = 'relevance' | ToolSort
export const PRODUCT_SORTS: readonly ProductSort[] = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
]

export type ProductsSearch = {
  page: number
  q: string
  sort: ProductSort
  /** A category's slug, or '' for the whole catalogue. */
  category: string
  inStock: boolean
  /** Sorted by key (parseSpecFilters' order), so equal filters give equal URLs and keys. */
  specs: SpecFilter[]
}

// GET /api/tool refuses offsets above a million; no page of ours goes past that.
const MAX_PAGE = Math.floor(1_000_000 / PRODUCTS_PAGE_SIZE) + 1

/** Words are ordered by relevance unless the buyer sorts; no words, newest first. */
export const defaultProductSort = (q: string): ProductSort => (q ? 'relevance' : 'newest')

export const EMPTY_PRODUCTS_SEARCH: ProductsSearch = {
  page: 1,
  q: '',
  sort: 'newest',
  category: '',
  inStock: false,
  specs: [],
}

/** The URL's state; anything unreadable (a bad range, a bad slug) is left out, never an error. */
export function readProductsSearch(params: URLSearchParams): ProductsSearch {
  const page = Number(params.get('page') ?? '1')
  const q = (params.get('q') ?? '').trim().slice(0, TOOL_SEARCH_MAX)
  const sort = params.get('sort') as ProductSort | null
  const category = (params.get('category') ?? '').trim()
  const specParams: Record<string, string[]> = {}
  params.forEach((value, key) => {
    if (key.startsWith('spec.')) (specParams[key] ??= []).push(value)
  })
  // Each parameter alone, so one bad filter drops only itself.
  const specs = Object.entries(specParams)
    .flatMap(([key, values]) => parseSpecFilters({ [key]: values }).filters)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return {
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    q,
    sort: sort !== null && PRODUCT_SORTS.includes(sort) ? sort : defaultProductSort(q),
    category: CATEGORY_SLUG.test(category) ? category : '',
    inStock: params.get('inStock') === 'true',
    specs: specs.slice(0, 12),
  }
}

/** One filter as its parameter's value: `HSS,HSS-Co` or `8..12` (either end may be open). */
export function specFilterValue(filter: SpecFilter): string {
  if (filter.kind === 'values') return filter.values.join(',')
  return `${filter.min ?? ''}..${filter.max ?? ''}`
}

// Commas and dots stay readable in the address bar; everything else is encoded.
const encode = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ',')

/** The URL search of a state, defaults left out: `?category=drill-bits&spec.diameter=8..12`. */
export function productsSearchString(search: ProductsSearch): string {
  const pairs: [string, string][] = []
  if (search.category) pairs.push(['category', search.category])
  if (search.q) pairs.push(['q', search.q])
  for (const filter of search.specs) pairs.push([`spec.${filter.key}`, specFilterValue(filter)])
  if (search.inStock) pairs.push(['inStock', 'true'])
  if (search.sort !== defaultProductSort(search.q)) pairs.push(['sort', search.sort])
  if (search.page > 1) pairs.push(['page', String(search.page)])
  return pairs.length > 0 ? `?${pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : ''
}

/** The filters of a state as `GET /api/tool` and `/api/tool/facets` take them. */
export type ProductsFilterQuery = {
  q?: string
  category?: string
  inStock?: 'true'
} & { [spec: `spec.${string}`]: string }

/** `GET /api/tool`'s query of a state: its filters, one page, its sort when not the default. */
export type ProductsListQuery = ProductsFilterQuery & {
  limit: number
  offset: number
  sort?: ProductSort
}

/** The facets' query: the same filters, defaults left out so cache keys stay stable. */
export function productsFacetsQuery(search: ProductsSearch): ProductsFilterQuery {
  const query: ProductsFilterQuery = {}
  if (search.q) query.q = search.q
  if (search.category) query.category = search.category
  for (const filter of search.specs) query[`spec.${filter.key}`] = specFilterValue(filter)
  if (search.inStock) query.inStock = 'true'
  return query
}

export function productsListQuery(search: ProductsSearch): ProductsListQuery {
  return {
    limit: PRODUCTS_PAGE_SIZE,
    offset: (search.page - 1) * PRODUCTS_PAGE_SIZE,
    ...productsFacetsQuery(search),
    ...(search.sort !== defaultProductSort(search.q) ? { sort: search.sort } : {}),
  }
}

/** The state with one filter replaced (or removed when `filter` is undefined); back to page 1. */
export function withSpecFilter(
  search: ProductsSearch,
  key: string,
  filter: SpecFilter | undefined,
): ProductsSearch {
  const specs = search.specs.filter((f) => f.key !== key)
  if (filter) specs.push(filter)
  specs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { ...search, specs, page: 1 }
}

/** A category changes which specifications exist: the spec filters go with the old one. */
export const withCategory = (search: ProductsSearch, category: string): ProductsSearch => ({
  ...search,
  category,
  specs: [],
  page: 1,
})
