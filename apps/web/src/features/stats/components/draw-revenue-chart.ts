import 'uplot/dist/uPlot.min.css'

import uPlot from 'uplot'

import type { RevenueDay } from '@toolworks/shared'

import { formatDollars, formatShortDay } from './overview-format'

/**
 * Draws the revenue bars with uPlot into `element`. This module is only ever loaded through
 * `import()` from the overview's chart, so uPlot and its CSS stay in the overview's own chunk
 * and customers never download them (issue 17).
 */
export function drawRevenueChart(element: HTMLElement, days: RevenueDay[]) {
  const xs = days.map((_, i) => i)
  const ys = days.map((d) => d.revenue)
  const bars = uPlot.paths.bars?.({ size: [0.7, 40], align: 0 })
  const width = () => Math.max(element.clientWidth, 240)
  const plot = new uPlot(
    {
      width: width(),
      height: 260,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false, range: [-0.5, days.length - 0.5] }, y: { range: [0, null] } },
      axes: [
        {
          values: (_u, splits) => splits.map((i) => (days[i] ? formatShortDay(days[i].date) : '')),
          space: 48,
          incrs: [1, 2, 5, 7, 10, 14, 15, 30],
        },
        { values: (_u, splits) => splits.map((v) => formatDollars(v)), size: 72 },
      ],
      series: [
        {},
        {
          label: 'Revenue',
          stroke: '#f26a1b',
          fill: 'rgba(242, 106, 27, 0.6)',
          width: 1,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
      ],
    },
    [xs, ys],
    element,
  )
  const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }))
  observer.observe(element)
  return {
    destroy() {
      observer.disconnect()
      plot.destroy()
    },
  }
}
