import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'

import {
  cartContract,
  isQuoteLine,
  isToolLine,
  type Cart,
  type CartAnyLineInput,
  type CartQuoteLine,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { cartQuery } from './get-cart'
import { optimisticCartMutation, waitingSaves, type WaitingSave } from './optimistic-cart-mutation'

/**
 * How long the cart waits after a change for the next one before it saves: typing
 * "120" is one PUT, not three, and the last value is the one sent.
 */
export const SAVE_DELAY_MS = 400

export const putCart = (lines: readonly CartAnyLineInput[], keepalive = false) =>
  api.call(cartContract.put, { body: { lines: [...lines] }, ...(keepalive ? { keepalive } : {}) })

/**
 * What the cart shows while a PUT is on its way: a custom part is sent as `{ quote, quantity }`,
 * so its name, price and lead time are taken from the cart as it was.
 */
function shownLines(lines: readonly CartAnyLineInput[], before: Cart | undefined): Cart['lines'] {
  const known = new Map<string, CartQuoteLine>()
  for (const line of before?.lines ?? []) if (!('tool' in line)) known.set(line.quote, line)
  return lines.flatMap((line): Cart['lines'] => {
    if (isToolLine(line)) return [line]
    const shown = isQuoteLine(line) ? known.get(line.quote) : undefined
    return shown ? [shown] : []
  })
}

export type CartSave = {
  lines: readonly CartAnyLineInput[]
  /** The cart a refusal puts back, when changes were gathered before this save was sent. */
  before?: Cart
  /** Sent even if the page is closing (a save flushed as the tab is hidden). */
  keepalive?: boolean
}

/** PUT /api/cart with the whole cart, at once (optimisticCartMutation's queue and rules). */
export function useSaveCart(email: string) {
  const queryClient = useQueryClient()
  return useMutation(
    optimisticCartMutation(queryClient, email, {
      send: ({ lines, keepalive }: CartSave) => putCart(lines, keepalive),
      shown: ({ lines }, before) => ({ lines: shownLines(lines, before) }),
      restore: ({ before }) => before,
    }),
  )
}

/** Sends the account's waiting save now, if there is one. */
export function flushCartSave(queryClient: QueryClient, email: string, keepalive = false) {
  waitingSaves(queryClient).get(email)?.flush(keepalive)
}

function flushAll(queryClient: QueryClient) {
  for (const save of [...waitingSaves(queryClient).values()]) save.flush(true)
}

/**
 * The cart's saves, gathered: each change is shown at once, and the PUT goes once no
 * change has come for SAVE_DELAY_MS, with the last cart. Nothing typed is lost: a waiting save
 * is sent at once when the page is hidden or closed (keepalive), when the part that made it
 * leaves the page, and when asked (before checkout, before a DELETE).
 */
export function useDebouncedSaveCart(email: string) {
  const queryClient = useQueryClient()
  const { mutate } = useSaveCart(email)

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushAll(queryClient)
    }
    const onPageHide = () => flushAll(queryClient)
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', onPageHide)
      flushCartSave(queryClient, email)
    }
  }, [queryClient, email])

  return useCallback(
    (lines: readonly CartAnyLineInput[]) => {
      const saves = waitingSaves(queryClient)
      const key = cartQuery(email).queryKey
      const earlier = saves.get(email)
      earlier?.drop()
      // A refetch landing now would show the server's older cart under the waiting change.
      void queryClient.cancelQueries({ queryKey: key })
      const before = earlier ? earlier.before : queryClient.getQueryData<Cart>(key)
      queryClient.setQueryData<Cart>(key, (current) => ({ lines: shownLines(lines, current) }))
      const timer = setTimeout(() => save.flush(), SAVE_DELAY_MS)
      const save: WaitingSave = {
        before,
        drop: () => clearTimeout(timer),
        flush: (keepalive = false) => {
          clearTimeout(timer)
          if (saves.get(email) !== save) return
          saves.delete(email)
          mutate({ lines, before, keepalive })
        },
      }
      saves.set(email, save)
    },
    [queryClient, email, mutate],
  )
}
