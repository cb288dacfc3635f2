import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

import { paths } from '@/lib/paths'
import { useHydrated } from '@/lib/use-hydrated'

import { useCart } from '../hooks/use-cart'

function CartIcon() {
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
 * The header's link to /cart with the number of lines (issue 14). The server's HTML and the
 * hydrating render say 0: the browser's cart is not known on the server.
 */
export function CartButton({ onClick }: { onClick?: () => void }) {
  const hydrated = useHydrated()
  const cart = useCart()
  const count = hydrated ? cart.lines.length : 0
  return (
    <Link
      to={paths.cart()}
      aria-label={messages.cart.headerButton(count)}
      className="btn btn-ghost btn-square indicator text-neutral-content hover:bg-white/10"
      onClick={onClick}
    >
      <CartIcon />
      <span className="indicator-item badge badge-primary badge-sm" aria-hidden="true">
        {count}
      </span>
    </Link>
  )
}
