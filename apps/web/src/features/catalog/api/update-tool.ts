import { useMutation, useQueryClient } from '@tanstack/react-query'

import { catalogContract, type ToolUpdateBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { anyToolKey } from './get-tool'
import { anyToolsKey } from './get-tools'

export type UpdateToolInput = { id: string; body: ToolUpdateBody }

export const updateTool = ({ id, body }: UpdateToolInput) =>
  api.call(catalogContract.update, { params: { id }, body })

/** PUT /api/tool/{id} (admin) with only the changed fields; refreshes the lists and the tool. */
export function useUpdateTool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTool,
    meta: bearerMeta,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: anyToolsKey }),
        queryClient.invalidateQueries({ queryKey: anyToolKey }),
      ]),
  })
}
