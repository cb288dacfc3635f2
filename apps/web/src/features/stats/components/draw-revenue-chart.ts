import 'uplot/dist/uPlot.min.css'

import uPlot from 'uplot'

import type { RevenueDay } from '@toolworks/shared'

import { formatDollars, formatShortDay } from './overview-format'

// uPlot's own axis font, named so the y-axis can be measured in it.
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
// uPlot's defaults: a 10 px tick and a 5 px gap between it and the label; and a little air.
const TICK_AND_GAP = 10 + 5
const AIR = 8
let measure: CanvasRenderingContext2D | null = null

/**
 * The y-axis is as wide as its longest label: a fixed 72 px cut "$12,000.00" off at
 * the left, and how wide a label is depends on the browser's fonts.
 */
function yAxisSize(labels: readonly string[]): number {
  measure ??= document.createElement('canvas').getContext('2d')
  if (!measure) return 96
  measure.font = AXIS_FONT
  const widest = Math.max(0, ...labels.map((label) => measure?.measureText(label).width ?? 0))
  return Math.ceil(widest) + TICK_AND_GAP + AIR
}

/**
 * Draws the revenue bars with uPlot into `element`. This module is only ever loaded through
 * `import()` from the overview's chart, so uPlot and its CSS stay in the overview's own chunk
 * and customers never download them.
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
          font: AXIS_FONT,
          space: 48,
          incrs: [1, 2, 5, 7, 10, 14, 15, 30],
        },
        {
          font: AXIS_FONT,
          values: (_u, splits) => splits.map((v) => formatDollars(v)),
          size: (_u, values) => yAxisSize(values ?? []),
        },
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
