import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import {
  queryKeys,
  type ProductsListQuery,
  type ToolListQuery,
  type ToolsPage,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { listToolsEndpoint } from './get-tools'

/** One page of /products: its tools and how many tools match in all (the shape is shared). */
export type { ToolsPage }

export const getToolsPage = async (
  query: ToolListQuery | ProductsListQuery,
  signal?: AbortSignal,
): Promise<ToolsPage> => {
  const { data, headers } = await api.callWithHeaders(listToolsEndpoint, { query, signal })
  // The server sends X-Total-Count with every paged list; without it, count what came.
  const total = Number(headers.get('X-Total-Count') ?? Number.NaN)
  return { tools: data, total: Number.isInteger(total) && total >= 0 ? total : data.length }
}

/**
 * Keyed by the list query under the tools key, so every catalogue change refreshes it; the
 * server seeds the first page of a /products load under the same key.
 */
export const toolsPageQuery = (query: ToolListQuery | ProductsListQuery) =>
  queryOptions({
    queryKey: queryKeys.toolsPage(query),
    queryFn: ({ signal }) => getToolsPage(query, signal),
    // The previous page stays on screen while the next loads: no flash of skeletons.
    placeholderData: keepPreviousData,
  })

export const useToolsPage = (query: ToolListQuery | ProductsListQuery) =>
  useQuery(toolsPageQuery(query))
