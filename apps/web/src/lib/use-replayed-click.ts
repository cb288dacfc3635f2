import { useEffect, useRef } from 'react'

import { registerReplayTarget } from './event-replay'

/**
 * The live control for `key`: once mounted (and `enabled`), runs `handler` once for each click
 * the boot script held for it, in the order the clicks were made across every control
 * (event-replay.ts). StrictMode's unmount and second mount leave one registration.
 */
export function useReplayedClick(key: string | undefined, handler: () => void, enabled = true) {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    if (!key || !enabled) return
    return registerReplayTarget(key, () => latest.current())
  }, [key, enabled])
}
