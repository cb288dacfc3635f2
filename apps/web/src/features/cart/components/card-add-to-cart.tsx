import type { Tool } from '@toolworks/shared'

import { AddToCartButton } from './add-to-cart-button'

/** Add to cart on a tool card (issue 14): the tool's minimum, the smallest order it takes. */
export function cardAddToCart(tool: Tool, nameId: string) {
  return (
    <AddToCartButton
      tool={tool}
      quantity={tool.minimum}
      disabled={!tool.madeToOrder && tool.quantity < tool.minimum}
      className="btn btn-outline btn-primary btn-block"
      describedBy={nameId}
    />
  )
}
