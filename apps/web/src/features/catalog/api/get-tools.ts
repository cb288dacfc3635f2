import { catalogContract, type ToolListQuery } from '@toolworks/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

export const getTools = (query: ToolListQuery = {}, signal?: AbortSignal) =>
  api.call(catalogContract.list, { query, signal })

/** Every tool-list query starts with this key. */
export const anyToolsKey = ['tools'] as const

export const toolsQuery = (query: ToolListQuery = {}) =>
  queryOptions({
    queryKey: [...anyToolsKey, query],
    queryFn: ({ signal }) => getTools(query, signal),
  })

export const useTools = (query: ToolListQuery = {}) => useQuery(toolsQuery(query))
