import { useEffect, useRef, useState } from 'react'

import { overviewWords, type RevenueDay } from '@toolworks/shared'

const m = overviewWords

type RevenueChartProps = { days: RevenueDay[] }

/**
 * The revenue chart. uPlot arrives with `import()` only once the overview is on screen; the
 * same numbers are in the table next to it, so the canvas is hidden from screen readers and a
 * chart that cannot be drawn leaves a note instead of an error.
 */
export function RevenueChart({ days }: RevenueChartProps) {
  const holder = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const element = holder.current
    if (!element) return
    let chart: { destroy: () => void } | undefined
    let gone = false
    import('./draw-revenue-chart')
      .then(({ drawRevenueChart }) => {
        if (gone) return
        element.replaceChildren()
        chart = drawRevenueChart(element, days)
        setFailed(false)
      })
      .catch(() => {
        if (!gone) setFailed(true)
      })
    return () => {
      gone = true
      chart?.destroy()
    }
  }, [days])

  return (
    <figure className="mt-4 min-w-0">
      <div
        ref={holder}
        data-testid="revenue-chart"
        aria-hidden="true"
        className="w-full overflow-hidden"
        style={{ minHeight: 260 }}
      />
      {failed && <p className="text-sm text-base-content/70">{m.chartUnavailable}</p>}
    </figure>
  )
}
