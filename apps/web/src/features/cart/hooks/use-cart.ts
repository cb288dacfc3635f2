import { useQuery, useQueryClient } from '@tanstack/react-query'

import { CART_LINES_MAX, isToolLine, type CartLineInput } from '@toolworks/shared'

import { useSession } from '@/lib/auth'
import { getErrorMessage } from '@/lib/get-error-message'
import { showToast } from '@/lib/lazy-toast'

import { cartQuery, readCart } from '../api/get-cart'
import { useRemoveCartQuote } from '../api/remove-cart-quote'
import { flushCartSave, useDebouncedSaveCart } from '../api/save-cart'
import { readBrowserCart, writeBrowserCart } from '../utils/browser-cart'
import { addLine, cartBody, quoteLinesOf, removeLines, setLineQuantity } from '../utils/cart-lines'
import { useBrowserCart } from './use-browser-cart'

type Lines = readonly CartLineInput[]

export type CartOwner = 'browser' | 'server'

/**
 * The buyer's cart and its changes. Signed in, the server keeps it (GET/PUT
 * /api/cart); otherwise this browser does. While the session is still being checked, changes
 * go to the browser's copy, which is merged into the account once it is known. The server's
 * copy is saved once the changes pause (api/save-cart.ts).
 */
export function useCart() {
  const session = useSession()
  const queryClient = useQueryClient()
  const email = session.status === 'signed-in' ? session.user.email : ''
  const owner: CartOwner = email === '' ? 'browser' : 'server'
  const browserLines = useBrowserCart()
  const server = useQuery({ ...cartQuery(email), enabled: owner === 'server' })
  const save = useDebouncedSaveCart(email)
  const removeQuote = useRemoveCartQuote(email)

  const quoteLines = owner === 'server' ? quoteLinesOf(server.data?.lines ?? []) : []

  /**
   * Applies a change to the tool lines (and drops the custom parts in `dropQuotes`); false (and
   * a toast) when the server's cart could not even be read.
   */
  const change = async (
    edit: (lines: Lines) => Lines,
    dropQuotes: readonly string[] = [],
  ): Promise<boolean> => {
    if (owner === 'browser') {
      writeBrowserCart(edit(readBrowserCart()))
      return true
    }
    try {
      // Never replace a cart not yet read: the PUT would drop the lines the server keeps.
      const current = await readCart(queryClient, email)
      save(cartBody(edit(current.lines.filter(isToolLine)), current.lines, dropQuotes))
      return true
    } catch (error) {
      showToast('error', getErrorMessage(error))
      return false
    }
  }

  return {
    owner,
    email,
    /** The stock tools' lines. */
    lines: owner === 'server' ? (server.data?.lines ?? []).filter(isToolLine) : browserLines,
    /** The custom parts (accepted quotes): only a signed-in cart has them. */
    quoteLines,
    /** The server's copy: loading, failed or there (always there for the browser's). */
    query: server,
    ready: owner === 'browser' || server.data !== undefined,
    add: (tool: string, quantity: number) =>
      change((lines) => addLine(lines, tool, quantity, CART_LINES_MAX - quoteLines.length)),
    setQuantity: (tool: string, quantity: number) =>
      change((lines) => setLineQuantity(lines, tool, quantity)),
    /**
     * Removes tools, and forgets custom parts the server no longer keeps (ordered ones). A PUT
     * never takes a custom part out of the server's cart: removeQuote does.
     */
    remove: (tools: readonly string[], quotes: readonly string[] = []) =>
      change((lines) => removeLines(lines, tools), quotes),
    /** Remove on a custom part: DELETE /api/cart/quote/{id}, its quote back to Quoted. */
    removeQuote: (quote: string) => {
      if (owner !== 'server') return
      // A waiting PUT still lists this part: it goes first, so the DELETE is the last word.
      flushCartSave(queryClient, email)
      removeQuote.mutate(quote)
    },
    /** Sends a waiting save now (before checkout): the server's cart is what the buyer sees. */
    flush: () => flushCartSave(queryClient, email),
  }
}

export type CartApi = ReturnType<typeof useCart>
