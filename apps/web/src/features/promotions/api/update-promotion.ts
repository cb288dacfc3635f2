import { useMutation, useQueryClient } from '@tanstack/react-query'

import { promotionsContract, queryKeys, type PromotionUpdateBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export type UpdatePromotionInput = { id: string; body: PromotionUpdateBody }

export const updatePromotion = ({ id, body }: UpdatePromotionInput) =>
  api.call(promotionsContract.update, { params: { id }, body })

/** PUT /api/promotion/{id} (admin) with only the changed fields; refreshes both lists. */
export function useUpdatePromotion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePromotion,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.anyPromotions }),
  })
}
