import { useQuery, useQueryClient } from '@tanstack/react-query'

import { isToolLine, type CartLineInput } from '@toolworks/shared'

import { useSession } from '@/lib/auth'
import { getErrorMessage } from '@/lib/get-error-message'
import { showToast } from '@/lib/lazy-toast'

import { cartQuery } from '../api/get-cart'
import { useSaveCart } from '../api/save-cart'
import { readBrowserCart, writeBrowserCart } from '../utils/browser-cart'
import { addLine, removeLines, setLineQuantity } from '../utils/cart-lines'
import { useBrowserCart } from './use-browser-cart'

type Lines = readonly CartLineInput[]

export type CartOwner = 'browser' | 'server'

/**
 * The buyer's cart and its changes (issue 14). Signed in, the server keeps it (GET/PUT
 * /api/cart); otherwise this browser does. While the session is still being checked, changes
 * go to the browser's copy, which is merged into the account once it is known.
 */
export function useCart() {
  const session = useSession()
  const queryClient = useQueryClient()
  const email = session.status === 'signed-in' ? session.user.email : ''
  const owner: CartOwner = email === '' ? 'browser' : 'server'
  const browserLines = useBrowserCart()
  const server = useQuery({ ...cartQuery(email), enabled: owner === 'server' })
  const save = useSaveCart(email)

  /** Applies a change; false (and a toast) when the server's cart could not even be read. */
  const change = async (edit: (lines: Lines) => Lines): Promise<boolean> => {
    if (owner === 'browser') {
      writeBrowserCart(edit(readBrowserCart()))
      return true
    }
    try {
      // Never replace a cart not yet read: the PUT would drop the lines the server keeps.
      const current = await queryClient.ensureQueryData(cartQuery(email))
      save.mutate(edit(current.lines.filter(isToolLine)))
      return true
    } catch (error) {
      showToast('error', getErrorMessage(error))
      return false
    }
  }

  return {
    owner,
    email,
    lines: owner === 'server' ? (server.data?.lines ?? []).filter(isToolLine) : browserLines,
    /** The server's copy: loading, failed or there (always there for the browser's). */
    query: server,
    ready: owner === 'browser' || server.data !== undefined,
    add: (tool: string, quantity: number) => change((lines) => addLine(lines, tool, quantity)),
    setQuantity: (tool: string, quantity: number) =>
      change((lines) => setLineQuantity(lines, tool, quantity)),
    remove: (tools: readonly string[]) => change((lines) => removeLines(lines, tools)),
  }
}

export type CartApi = ReturnType<typeof useCart>
