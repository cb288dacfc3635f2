import { useEffect, useRef, useState } from 'react'

import { parseStl, type Triangle } from './parse-stl'

const SIZE = 360

/** An isometric-style view: turn about the vertical axis, then tilt towards the viewer. */
function project([x, y, z]: number[]): [number, number] {
  const a = Math.PI / 4
  const b = Math.atan(1 / Math.SQRT2)
  const x1 = x! * Math.cos(a) - y! * Math.sin(a)
  const y1 = x! * Math.sin(a) + y! * Math.cos(a)
  return [x1, z! * Math.cos(b) - y1 * Math.sin(b)]
}

function draw(canvas: HTMLCanvasElement, triangles: Triangle[]) {
  const context = canvas.getContext('2d')
  if (!context || triangles.length === 0) return
  const flat = triangles.map((t) => t.map(project))
  // A loop, not Math.min(...all): spreading 150,000 numbers overflows the call stack.
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity]
  for (const [px, py] of flat.flat()) {
    minX = Math.min(minX, px)
    maxX = Math.max(maxX, px)
    minY = Math.min(minY, py)
    maxY = Math.max(maxY, py)
  }
  const scale = (SIZE - 20) / Math.max(maxX - minX, maxY - minY, 1e-9)
  const toCanvas = ([px, py]: [number, number]): [number, number] => [
    10 + (px - minX) * scale,
    SIZE - 10 - (py - minY) * scale,
  ]
  context.clearRect(0, 0, SIZE, SIZE)
  context.strokeStyle = 'rgba(30, 64, 120, 0.6)'
  context.lineWidth = 0.5
  context.beginPath()
  for (const triangle of flat) {
    const [a, b, c] = triangle.map(toCanvas) as [
      [number, number],
      [number, number],
      [number, number],
    ]
    context.moveTo(...a)
    context.lineTo(...b)
    context.lineTo(...c)
    context.closePath()
  }
  context.stroke()
}

/**
 * A wireframe of an STL drawing on a canvas: no 3D library, and loaded only when a buyer asks
 * for the preview (React.lazy), so it never weighs on the first page load.
 */
export default function StlPreview({ blob, label }: { blob: Blob; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [triangles, setTriangles] = useState<Triangle[] | null>(null)

  useEffect(() => {
    let live = true
    void blob.arrayBuffer().then((buffer) => {
      if (live) setTriangles(parseStl(buffer))
    })
    return () => {
      live = false
    }
  }, [blob])

  useEffect(() => {
    if (canvas.current && triangles) draw(canvas.current, triangles)
  }, [triangles])

  return (
    <canvas
      ref={canvas}
      width={SIZE}
      height={SIZE}
      role="img"
      aria-label={label}
      data-triangles={triangles?.length ?? 0}
      className="max-w-full rounded-box border border-base-300 bg-base-100"
    />
  )
}
