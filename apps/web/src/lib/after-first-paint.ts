/**
 * Runs `then` once the browser reports the first contentful paint of the server's markup, and
 * at once in a tab nobody looks at (a background tab paints nothing until shown).
 *
 * Not after the next animation frame: that callback runs before the frame is painted, and a
 * task queued from it often runs before the paint too, so the scripts it asks for could still
 * share the link with the stylesheet and delay the first screen. Browsers without
 * paint timing get the next frame and a task, as before.
 */
export const FALLBACK_MS = 3000

export function afterFirstPaint(then: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    then()
  }
  if (document.visibilityState === 'hidden') return run()
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (painted()) return run()
  // Optional chaining: browsers too old for paint timing may lack the observer altogether.
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(run, 0))
    return
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return
    observer.disconnect()
    run()
  })
  observer.observe({ type: 'paint', buffered: true })
  // Hidden before it painted: nothing will paint until it is shown again.
  document.addEventListener('visibilitychange', run, { once: true })
  // Never without the code, whatever the browser reports: forms stay disabled until hydrated.
  setTimeout(run, FALLBACK_MS)
}
