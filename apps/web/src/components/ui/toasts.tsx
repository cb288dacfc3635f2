import 'react-toastify/ReactToastify.css'

import { ToastContainer } from 'react-toastify'

import { TOAST_AUTO_CLOSE_MS } from '@toolworks/shared'

/** The toast container (docs/product.md §2) with its stylesheet; loaded after the first render. */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
}
