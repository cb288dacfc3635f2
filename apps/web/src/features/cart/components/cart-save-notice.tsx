import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'

import { messages } from '@toolworks/shared'

import { saveCartKey } from '../api/optimistic-cart-mutation'

/**
 * Says so while a cart save that failed for a passing reason is being sent again.
 * The cart on screen is the buyer's; it is not rolled back, and nobody is signed out.
 */
export function CartSaveNotice() {
  // The mutation cache read directly (not useMutationState): no more TanStack code up front.
  const cache = useQueryClient().getMutationCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  const retrying = useSyncExternalStore(
    subscribe,
    () =>
      cache
        .findAll({ mutationKey: saveCartKey, status: 'pending' })
        .some((mutation) => mutation.state.failureCount > 0),
    () => false,
  )

  return (
    <div role="status" aria-live="polite" className={retrying ? undefined : 'sr-only'}>
      {retrying && (
        <p className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-fit max-w-[calc(100vw-2rem)] items-center gap-3 rounded-field bg-neutral px-4 py-2 text-sm text-neutral-content shadow-lg">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          {messages.cart.saveFailed}
        </p>
      )}
    </div>
  )
}
