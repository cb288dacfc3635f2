import { catalogContract, queryKeys } from '@toolworks/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

export const getTool = (id: string, signal?: AbortSignal) =>
  api.call(catalogContract.getOne, { params: { id }, signal })

/** Every single-tool query starts with this key. */
export const anyToolKey = queryKeys.anyTool

export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tool(id),
    queryFn: ({ signal }) => getTool(id, signal),
  })

export const useTool = (id: string) => useQuery(toolQuery(id))
