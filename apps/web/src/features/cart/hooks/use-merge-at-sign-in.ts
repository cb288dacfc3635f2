import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

import { CART_LINES_MAX, isToolLine } from '@toolworks/shared'

import { useSession } from '@/lib/auth'

import { readCart } from '../api/get-cart'
import { useSaveCart } from '../api/save-cart'
import { writeBrowserCart } from '../utils/browser-cart'
import { cartBody, mergeCarts, quoteLinesOf } from '../utils/cart-lines'
import { useBrowserCart } from './use-browser-cart'

/**
 * At sign-in or sign-up (any way: password, Google, a session found on reload) the browser's
 * cart joins the account's: read the server's, merge, PUT, then forget the browser
 * copy. The copy is cleared only once the server holds the lines, so a closed tab loses
 * nothing; merging twice gives the same cart. A refused merge is not tried again until the
 * next sign-in, and the browser copy is kept.
 */
export function useMergeAtSignIn() {
  const session = useSession()
  const queryClient = useQueryClient()
  const email = session.status === 'signed-in' ? session.user.email : ''
  const browserLines = useBrowserCart()
  const { mutateAsync: saveCart } = useSaveCart(email)
  const tried = useRef<string | null>(null)

  useEffect(() => {
    if (email === '' || browserLines.length === 0 || tried.current === email) return
    tried.current = email
    void (async () => {
      try {
        const account = await readCart(queryClient, email, { fresh: true })
        // The account's custom parts stay, and keep their places within the cart's limit.
        const room = CART_LINES_MAX - quoteLinesOf(account.lines).length
        const tools = mergeCarts(account.lines.filter(isToolLine), browserLines).slice(0, room)
        await saveCart({ lines: cartBody(tools, account.lines) })
        writeBrowserCart([])
        // Lines added to the browser while this ran are merged on the next pass.
        tried.current = null
      } catch {
        // A refusal was told by the save (toast); a failed read is asked again next sign-in.
      }
    })()
  }, [email, browserLines, queryClient, saveCart])
}
