import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

import { paths } from '@/lib/paths'
import { useHydrated } from '@/lib/use-hydrated'

import { useCart } from '../hooks/use-cart'
import { CART_LINK_CLASS, CartIcon, CartMenu } from './cart-icon'

/** The header's link to /cart, saying how many lines the cart has ("Cart, N items"), with its menu. */
export function CartLink({ count }: { count: number }) {
  return (
    <CartMenu>
      <Link
        to={paths.cart()}
        aria-label={messages.cart.headerButton(count)}
        className={CART_LINK_CLASS}
      >
        <CartIcon />
        <span aria-hidden="true">{count}</span>
      </Link>
    </CartMenu>
  )
}

/**
 * The live count. Rendered on the server it says 0, as the hydrating render does:
 * the browser's cart is not known on the server.
 */
export function CartButton() {
  const hydrated = useHydrated()
  const cart = useCart()
  return <CartLink count={hydrated ? cart.lines.length + cart.quoteLines.length : 0} />
}
