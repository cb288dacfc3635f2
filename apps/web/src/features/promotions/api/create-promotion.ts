import { useMutation, useQueryClient } from '@tanstack/react-query'

import { promotionsContract, queryKeys, type PromotionCreateInput } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const createPromotion = (body: PromotionCreateInput) =>
  api.call(promotionsContract.create, { body })

/** POST /api/promotion (admin); refreshes the admin's table and today's offers. */
export function useCreatePromotion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPromotion,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.anyPromotions }),
  })
}
