import { useMergeAtSignIn } from '../hooks/use-merge-at-sign-in'
import { CartSaveNotice } from './cart-save-notice'

/** Mounted once in the layout: merges the browser's cart at sign-in and tells of retried saves. */
export function CartSync() {
  useMergeAtSignIn()
  return <CartSaveNotice />
}
