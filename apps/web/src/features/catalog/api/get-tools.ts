import { queryKeys, type ToolListQuery } from '@toolworks/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { api, lazyEndpoint } from '@/lib/api-client'

/** `catalogContract.list`, loaded (with zod) on the first call: not in the first load. */
export const listToolsEndpoint = lazyEndpoint(() =>
  import('@/lib/first-screen-contracts').then((m) => m.catalogContract.list),
)

export const getTools = (query: ToolListQuery = {}, signal?: AbortSignal) =>
  api.call(listToolsEndpoint, { query, signal })

/** Every tool-list query starts with this key. */
export const anyToolsKey = queryKeys.anyTools

export const toolsQuery = (query: ToolListQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.tools(query),
    queryFn: ({ signal }) => getTools(query, signal),
  })

export const useTools = (query: ToolListQuery = {}) => useQuery(toolsQuery(query))
