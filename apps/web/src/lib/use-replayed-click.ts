import { useEffect, useRef } from 'react'

import { takeHeldClicks } from './event-replay'

/**
 * The live control for `key`: once mounted (and `enabled`), runs `handler` once for each click
 * the boot script held for it. StrictMode's second effect finds none left.
 */
export function useReplayedClick(key: string | undefined, handler: () => void, enabled = true) {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    if (!key || !enabled) return
    for (let n = takeHeldClicks(key); n > 0; n--) latest.current()
  }, [key, enabled])
}
