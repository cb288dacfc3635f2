import { catalogContract } from '@toolworks/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

export const getTool = (id: string, signal?: AbortSignal) =>
  api.call(catalogContract.getOne, { params: { id }, signal })

export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: ['tool', id],
    queryFn: ({ signal }) => getTool(id, signal),
  })

export const useTool = (id: string) => useQuery(toolQuery(id))
