import { lazy, Suspense } from 'react'
import { Link } from 'react-router'

import { messages, type Tool } from '@toolworks/shared'

import { paths } from '@/lib/paths'
import { useHydrated } from '@/lib/use-hydrated'

import { CART_LINK_CLASS, CartIcon, CartMenu } from './cart-icon'

// The first-load budget: the cart's logic (storage, sync, merge, mutations) loads after
// the first render. The server's HTML and the hydrating render show these stand-ins, which
// are what the real parts render before hydration: 0 lines, and a card's Add to cart whose
// clicks the boot script holds until the real button takes them.
const parts = () => import('./cart-parts')
const CartButton = lazy(async () => ({ default: (await parts()).CartButton }))
const AddToCartButton = lazy(async () => ({ default: (await parts()).AddToCartButton }))
const CartSync = lazy(async () => ({ default: (await parts()).CartSync }))

function CartLinkStandIn() {
  return (
    <CartMenu>
      <Link
        to={paths.cart()}
        aria-label={messages.cart.headerButton(0)}
        className={CART_LINK_CLASS}
      >
        <CartIcon />
        <span aria-hidden="true">0</span>
      </Link>
    </CartMenu>
  )
}

/** The header's cart link: the number of lines once the browser knows them. */
export function LazyCartButton() {
  const standIn = <CartLinkStandIn />
  if (!useHydrated()) return standIn
  return (
    <Suspense fallback={standIn}>
      <CartButton />
    </Suspense>
  )
}

/** Merges the browser's cart at sign-in and tells of retried saves; nothing on the server. */
export function LazyCartSync() {
  if (!useHydrated()) return null
  return (
    <Suspense fallback={null}>
      <CartSync />
    </Suspense>
  )
}

const CARD_BUTTON_CLASS = 'btn btn-outline btn-block'

/** The key a card's early click is held under (lib/event-replay.ts). */
export const addToCartReplayKey = (tool: Tool) => `add-to-cart:${tool._id}`

function CardAddToCart({ tool, nameId }: { tool: Tool; nameId: string }) {
  const soldOut = !tool.madeToOrder && tool.quantity < tool.minimum
  // Enabled from the server's HTML on: a click before the cart's code is here is
  // held by the boot script and replayed by the live button, so it is never lost.
  const standIn = (
    <button
      type="button"
      className={CARD_BUTTON_CLASS}
      disabled={soldOut}
      data-replay={soldOut ? undefined : addToCartReplayKey(tool)}
      aria-describedby={nameId}
    >
      {messages.cart.addToCart}
    </button>
  )
  if (!useHydrated()) return standIn
  return (
    <Suspense fallback={standIn}>
      <AddToCartButton
        tool={tool}
        quantity={tool.minimum}
        disabled={soldOut}
        className={CARD_BUTTON_CLASS}
        describedBy={nameId}
        replayKey={addToCartReplayKey(tool)}
      />
    </Suspense>
  )
}

/** Add to cart on a tool card: the tool's minimum, the smallest order it takes. */
export function cardAddToCart(tool: Tool, nameId: string) {
  return <CardAddToCart tool={tool} nameId={nameId} />
}
