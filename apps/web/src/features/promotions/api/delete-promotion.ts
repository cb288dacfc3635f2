import { useMutation, useQueryClient } from '@tanstack/react-query'

import { promotionsContract, queryKeys } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const deletePromotion = (id: string) =>
  api.call(promotionsContract.remove, { params: { id } })

/** DELETE /api/promotion/{id} (admin); refreshes both lists. */
export function useDeletePromotion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePromotion,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.anyPromotions }),
  })
}
