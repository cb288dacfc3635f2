import { useNavigate } from 'react-router'

import { messages } from '@toolworks/shared'

import { showToast } from '@/lib/lazy-toast'
import { paths } from '@/lib/paths'
import { useHydrated } from '@/lib/use-hydrated'
import { useReplayedClick } from '@/lib/use-replayed-click'

import { useCart } from '../hooks/use-cart'

type AddToCartButtonProps = {
  tool: { _id: string; name: string; packSize?: number }
  quantity: number
  /** Why this quantity cannot be added (the purchase page's rules); null when it can. */
  disabled?: boolean
  className?: string
  describedBy?: string
  /** The key of the server-rendered stand-in whose early clicks this button replays. */
  replayKey?: string
}

/**
 * Adds units of a tool to the cart and says so. Rendered on the server on cards:
 * disabled until hydrated, so a click before React is attached is not lost silently.
 */
export function AddToCartButton({
  tool,
  quantity,
  disabled = false,
  className = 'btn btn-outline',
  describedBy,
  replayKey,
}: AddToCartButtonProps) {
  const hydrated = useHydrated()
  const cart = useCart()
  const navigate = useNavigate()
  const onClick = () => {
    void cart.add(tool._id, quantity).then((added) => {
      if (added)
        showToast('success', messages.cart.addedQuantity(tool.name, quantity, tool.packSize ?? 1), {
          label: messages.cart.viewCart,
          onClick: () => void navigate(paths.cart()),
        })
    })
  }
  // A click on the card's stand-in before this code had loaded (lib/event-replay.ts).
  useReplayedClick(replayKey, onClick, hydrated && !disabled)
  return (
    <button
      type="button"
      className={className}
      disabled={!hydrated || disabled}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {messages.cart.addToCart}
    </button>
  )
}
