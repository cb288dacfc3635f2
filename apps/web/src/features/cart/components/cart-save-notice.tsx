import { useMutationState } from '@tanstack/react-query'

import { messages } from '@toolworks/shared'

import { saveCartKey } from '../api/save-cart'

/**
 * Says so while a cart save that failed for a passing reason is being sent again (issue 14).
 * The cart on screen is the buyer's; it is not rolled back, and nobody is signed out.
 */
export function CartSaveNotice() {
  const retrying = useMutationState({
    filters: { mutationKey: saveCartKey, status: 'pending' },
    select: (mutation) => mutation.state.failureCount > 0,
  }).some(Boolean)

  return (
    <div role="status" aria-live="polite" className={retrying ? undefined : 'sr-only'}>
      {retrying && (
        <p className="fixed inset-x-0 bottom-16 z-50 mx-auto flex w-fit max-w-[calc(100vw-2rem)] items-center gap-3 rounded-field bg-neutral px-4 py-2 text-sm text-neutral-content shadow-lg">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          {messages.cart.saveFailed}
        </p>
      )}
    </div>
  )
}
