import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  quickOrderContract,
  QuickOrderRefusedSchema,
  type Cart,
  type QuickOrderRefusal,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { ApiError } from '@/lib/api-error'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { cartQuery } from './get-cart'
import { flushCartSave } from './save-cart'

export const addQuickOrder = (text: string) =>
  api.call(quickOrderContract.quick, { body: { text } })

/** The bad lines of a refused quick order (422 `error.lines`), or null for any other failure. */
export function refusedLines(error: unknown): QuickOrderRefusal[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  const parsed = QuickOrderRefusedSchema.safeParse(error.body)
  return parsed.success ? parsed.data.error.lines : null
}

/**
 * POST /api/cart/quick: every line added to the cart, or none. It joins the cart
 * saves' queue (one scope), after a save still waiting is sent, so it adds to the cart the
 * buyer sees; the answer is the cart.
 */
export function useQuickOrder(email: string) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    scope: { id: 'cart' },
    meta: bearerMeta,
    mutationFn: addQuickOrder,
    onSuccess: (cart: Cart) => queryClient.setQueryData(cartQuery(email).queryKey, cart),
  })
  return {
    ...mutation,
    add: (text: string) => {
      flushCartSave(queryClient, email)
      return mutation.mutateAsync(text)
    },
  }
}
