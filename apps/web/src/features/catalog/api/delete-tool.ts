import { useMutation, useQueryClient } from '@tanstack/react-query'

import { catalogContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { anyToolKey } from './get-tool'
import { anyToolsKey } from './get-tools'

export const deleteTool = (id: string) => api.call(catalogContract.remove, { params: { id } })

/** DELETE /api/tool/{id} (admin): the tool leaves the shop; refreshes the lists and the tool. */
export function useDeleteTool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTool,
    meta: bearerMeta,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: anyToolsKey }),
        queryClient.invalidateQueries({ queryKey: anyToolKey }),
      ]),
  })
}
