import { useMutation, useQueryClient } from '@tanstack/react-query'

import { catalogContract, type ToolCreateInput } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { anyToolsKey } from './get-tools'

export const createTool = (body: ToolCreateInput) => api.call(catalogContract.create, { body })

/** POST /api/tool (admin); refreshes every tool list. */
export function useCreateTool() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTool,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anyToolsKey }),
  })
}
