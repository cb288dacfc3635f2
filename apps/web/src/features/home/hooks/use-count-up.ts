import { useEffect, useRef, useState } from 'react'

import { useHydrated } from '@/lib/use-hydrated'

const DURATION_MS = 1600

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

/** Whether this browser can animate the counters at all; otherwise they show their end at once. */
function canAnimate(): boolean {
  return typeof IntersectionObserver === 'function' && !prefersReducedMotion()
}

/**
 * Counts from 0 to `target` once the element scrolls into view (docs/product.md §2 Home 3). With
 * `prefers-reduced-motion` or without IntersectionObserver the target shows at once.
 */
export function useCountUp<E extends Element>(target: number) {
  const ref = useRef<E>(null)
  // The server cannot tell whether the browser animates: it writes the number itself (right
  // without JavaScript), and the browser's first render agrees with it, or hydration would
  // fail. Only the browser starts from 0, before the counter scrolls into view.
  const hydrated = useHydrated()
  const [value, setValue] = useState(() => (hydrated && canAnimate() ? 0 : target))

  useEffect(() => {
    const element = ref.current
    if (!element || !canAnimate()) {
      setValue(target)
      return
    }
    setValue(0)
    let frame = 0
    let finish: ReturnType<typeof setTimeout> | undefined
    const run = () => {
      const start = performance.now()
      // Browsers pause animation frames in hidden tabs; the number must still end where it should.
      finish = setTimeout(() => {
        cancelAnimationFrame(frame)
        setValue(target)
      }, DURATION_MS + 100)
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / DURATION_MS)
        // Ease out: fast at first, settling on the number.
        setValue(Math.round(target * (1 - (1 - progress) ** 3)))
        if (progress < 1) frame = requestAnimationFrame(step)
      }
      frame = requestAnimationFrame(step)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          run()
        }
      },
      { threshold: 0.4 },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
      clearTimeout(finish)
    }
  }, [target])

  return { ref, value }
}
