import { useMutation, useQueryClient } from '@tanstack/react-query'

import { cartContract, queryKeys, type CheckoutRequest } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const checkout = (body: CheckoutRequest) => api.call(cartContract.checkout, { body })

/**
 * POST /api/checkout: the cart becomes one order. Stock changed, so the tools are
 * asked again, and so are the order lists (their keys start with 'orders') and the quotes.
 */
export function useCheckout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: checkout,
    meta: bearerMeta,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyTool })
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyTools })
      // A custom part's quote becomes Ordered with its order.
      void queryClient.invalidateQueries({ queryKey: queryKeys.anyQuotes })
    },
  })
}
