import 'react-toastify/ReactToastify.css'

import { ToastContainer } from 'react-toastify'

import { TOAST_AUTO_CLOSE_MS } from '@toolworks/shared'

/**
 * The toast container (docs/product.md §2) with its stylesheet; loaded after the first render.
 * Bottom right: at the top a toast covered the header's cart count it talks about.
 */
export function Toasts() {
  return <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />
}
