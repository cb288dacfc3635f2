import {
  formatAmount,
  quickOrderMessages,
  type Order,
  type ReorderResponse,
} from '@toolworks/shared'

import { useSession } from '@/lib/auth'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'

import { useReorder } from '../api/reorder'

const w = quickOrderMessages.reorder

/** What the toast says after a reorder: in the cart, and which unit prices moved since. */
function ReorderNotice({ answer }: { answer: ReorderResponse }) {
  if (answer.changed.length === 0) return <span>{w.added}</span>
  return (
    <div>
      <p>{w.changed(answer.changed.length)}</p>
      <ul className="list-disc pl-5">
        {answer.changed.map((c) => (
          <li key={c.tool}>
            {w.priceChange(
              c.name,
              formatAmount(c.was, answer.currency),
              formatAmount(c.now, answer.currency),
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * **Order again** on a past order in My Orders: its stock lines go into the cart at
 * today's prices; a toast says so and names every unit price that changed. Orders with no
 * stock line (custom parts only) have nothing to order again.
 */
export function OrderAgainButton({ order }: { order: Order }) {
  const session = useSession()
  const reorder = useReorder(session.user?.email ?? '')
  if (!order.lines.some((line) => line.tool !== null)) return null
  const busy = reorder.isPending && reorder.variables === order._id

  const onClick = async () => {
    try {
      const answer = await reorder.reorder(order._id)
      const notice = <ReorderNotice answer={answer} />
      if (answer.changed.length > 0) toast.info(notice, { toastId: `reorder-${order._id}` })
      else toast.success(notice, { toastId: `reorder-${order._id}` })
    } catch (error) {
      toast.error(getErrorMessage(error))
    }
  }

  return (
    <button
      type="button"
      // A line of its own above Delete, in the same cell.
      className="btn btn-outline btn-xs mb-1 flex w-fit whitespace-nowrap"
      disabled={reorder.isPending}
      aria-label={`${w.button}: ${order.tools}`}
      onClick={() => void onClick()}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {busy ? w.busy : w.button}
    </button>
  )
}
