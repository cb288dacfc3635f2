import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

import { paths } from '@/lib/paths'

/** A trolley, beside the header's cart count. */
export function CartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L21 8H6"
      />
      <circle cx="10" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
    </svg>
  )
}

/**
 * The header link's look, shared by the server's placeholder and the live count. Focused, a
 * daisyUI button turns its background light (base-200) under the header's light text, and the
 * trolley disappeared: it keeps the hover's look instead, with the focus ring.
 */
export const CART_LINK_CLASS =
  'btn btn-ghost gap-2 text-neutral-content hover:bg-white/10 focus-visible:bg-white/10 focus-visible:text-neutral-content'

/**
 * The header's cart link with a small menu under it: the cart and quick order.
 * It opens on hover and when the link has the keyboard's focus (Tab goes on into it); a tap
 * still follows the link to the cart, whose page links to quick order too. The menu is
 * positioned out of the bar's flow, so the header keeps its layout.
 */
export function CartMenu({ children }: { children: ReactNode }) {
  return (
    <div className="group relative inline-block">
      {children}
      <ul
        aria-label={messages.cart.headerMenu}
        className="menu absolute top-full right-0 z-30 hidden w-56 rounded-box bg-base-100 p-2 text-base-content shadow-lg group-focus-within:block group-hover:block"
      >
        <li>
          <Link to={paths.cart()}>{messages.cart.headerViewCart}</Link>
        </li>
        <li>
          <Link to={paths.quickOrder()}>{messages.cart.headerQuickOrder}</Link>
        </li>
      </ul>
    </div>
  )
}
