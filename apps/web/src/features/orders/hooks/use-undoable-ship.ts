import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

import type { Order } from '@toolworks/shared'

/** How long Mark shipped can be taken back before it is sent. */
export const SHIP_UNDO_MS = 10_000

/**
 * Mark shipped, held back for SHIP_UNDO_MS so it can be undone: nothing reaches the server (and
 * no buyer is e-mailed) until the time is up. Leaving the page sends what is held at once, so
 * a confirmed shipment is never lost.
 */
export function useUndoableShip(send: (order: Order) => void) {
  const held = useRef(new Map<string, { order: Order; timer: ReturnType<typeof setTimeout> }>())
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set())
  const sendRef = useRef(send)
  useLayoutEffect(() => {
    sendRef.current = send
  })

  const release = useCallback((orderId: string) => {
    const entry = held.current.get(orderId)
    if (!entry) return undefined
    clearTimeout(entry.timer)
    held.current.delete(orderId)
    setWaiting(new Set(held.current.keys()))
    return entry.order
  }, [])

  const hold = useCallback(
    (order: Order) => {
      if (held.current.has(order._id)) return
      const timer = setTimeout(() => {
        const due = release(order._id)
        if (due) sendRef.current(due)
      }, SHIP_UNDO_MS)
      held.current.set(order._id, { order, timer })
      setWaiting(new Set(held.current.keys()))
    },
    [release],
  )

  /** Takes a held Mark shipped back; false when it was already sent. */
  const undo = useCallback((orderId: string) => release(orderId) !== undefined, [release])

  useEffect(
    () => () => {
      for (const { order, timer } of held.current.values()) {
        clearTimeout(timer)
        sendRef.current(order)
      }
      held.current.clear()
    },
    [],
  )

  return { hold, undo, waiting }
}
