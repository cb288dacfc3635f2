import type { Tool, ToolListQuery } from './catalog.js'
import type { ProductsFilterQuery, ProductsListQuery } from './products-search.js'
import type { ReviewListQuery } from './reviews.js'

/**
 * The TanStack Query keys and cached shapes that the server writes into a page's HTML and the
 * web app reads. Both sides build them here, so a renamed key or a changed shape
 * fails to compile instead of silently missing the cache in production.
 */
export const queryKeys = {
  /** `GET /api/config`: the shop's public setup; every page's data block carries it. */
  siteConfig: ['site-config'] as const,
  /** Every tool-list query starts with this key. */
  anyTools: ['tools'] as const,
  tools: (query: ToolListQuery) => ['tools', query] as const,
  toolsPage: (query: ToolListQuery | ProductsListQuery) => ['tools', 'page', query] as const,
  /** `GET /api/tool/facets`: under the tools key, so a catalogue change refreshes it. */
  facets: (query: ProductsFilterQuery) => ['tools', 'facets', query] as const,
  /** `GET /api/tool/suggest?q=`: the search box's suggestions. */
  suggest: (q: string) => ['tools', 'suggest', q] as const,
  /** `GET /api/category`: the category tree with its attributes. */
  categories: ['categories'] as const,
  /** `GET /api/search/synonyms`. */
  synonyms: ['synonyms'] as const,
  anyTool: ['tool'] as const,
  tool: (id: string) => ['tool', id] as const,
  /** Every review-list query starts with this key. */
  anyReviews: ['reviews'] as const,
  reviews: (query: ReviewListQuery) => ['reviews', query] as const,
  /** Every promotions query starts with this key: a change refreshes both lists. */
  anyPromotions: ['promotions'] as const,
  /** `GET /api/promotion`: today's, on the home page. */
  activePromotions: ['promotions', 'active'] as const,
  /** `GET /api/promotion/admin`: all of them, on the admin's page. */
  allPromotions: ['promotions', 'all'] as const,
  /** Every quotes query starts with this key. */
  anyQuotes: ['quotes'] as const,
  myQuotes: (email: string) => ['quotes', 'mine', email] as const,
  adminQuotes: (status: string | undefined) => ['quotes', 'admin', status ?? 'all'] as const,
  quote: (id: string) => ['quotes', 'one', id] as const,
  quoteMessages: (id: string) => ['quotes', 'messages', id] as const,
  /**
   * `GET /api/purchase/{id}/payments`: under the orders key, so whatever refreshes the order
   * lists (a payment action, a cancel) refreshes the records shown with them.
   */
  orderPayments: (id: string) => ['orders', 'payments', id] as const,
  /** `GET /api/stats/overview?days=`: the admin's figures for one period. */
  overview: (days: number) => ['stats', 'overview', days] as const,
  /** `GET /api/exchange-rate`: the taka rate in force, or null while none is set. */
  exchangeRate: ['exchange-rate'] as const,
  /** The currency switch as the request's cookie said it; null when none. */
  currencyChoice: ['currency-choice'] as const,
  /** `GET /api/exchange-rate/history` (admin): under the rate's key, so setting a
   * rate refreshes both. */
  exchangeRateHistory: ['exchange-rate', 'history'] as const,
}

/** One page of /products as cached under `queryKeys.toolsPage`: its tools and the match count. */
export type ToolsPage = { tools: Tool[]; total: number }

/**
 * A `ToolsPage` as JSON, from a list answer that is JSON already (the server's cache holds
 * answers as text; no parse and re-serialize per page). The mapped type names every field of
 * `ToolsPage`, so a field renamed there fails to compile here.
 */
export function toolsPageJson(toolsJson: string, total: number): string {
  const fields: { [K in keyof ToolsPage]-?: string } = { tools: toolsJson, total: String(total) }
  return `{${Object.entries(fields)
    .map(([name, json]) => `${JSON.stringify(name)}:${json}`)
    .join(',')}}`
}
