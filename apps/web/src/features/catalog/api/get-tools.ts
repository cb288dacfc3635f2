import { catalogContract, type ToolListQuery } from '@toolworks/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

export const getTools = (query: ToolListQuery = {}, signal?: AbortSignal) =>
  api.call(catalogContract.list, { query, signal })

export const toolsQuery = (query: ToolListQuery = {}) =>
  queryOptions({
    queryKey: ['tools', query],
    queryFn: ({ signal }) => getTools(query, signal),
  })

export const useTools = (query: ToolListQuery = {}) => useQuery(toolsQuery(query))
