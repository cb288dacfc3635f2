import { catalogContract, queryKeys, type ToolListQuery } from '@toolworks/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

export const getTools = (query: ToolListQuery = {}, signal?: AbortSignal) =>
  api.call(catalogContract.list, { query, signal })

/** Every tool-list query starts with this key. */
export const anyToolsKey = queryKeys.anyTools

export const toolsQuery = (query: ToolListQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.tools(query),
    queryFn: ({ signal }) => getTools(query, signal),
  })

export const useTools = (query: ToolListQuery = {}) => useQuery(toolsQuery(query))
