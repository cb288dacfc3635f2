/** A triangle's three corners, each [x, y, z]. */
export type Triangle = [number[], number[], number[]]

/** At most this many triangles are drawn: a preview, not a CAD viewer. */
const MAX_TRIANGLES = 50_000

function parseAscii(text: string): Triangle[] {
  const triangles: Triangle[] = []
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g
  let corners: number[][] = []
  for (const match of text.matchAll(vertex)) {
    corners.push([Number(match[1]), Number(match[2]), Number(match[3])])
    if (corners.length === 3) {
      triangles.push(corners as Triangle)
      corners = []
      if (triangles.length >= MAX_TRIANGLES) break
    }
  }
  return triangles
}

function parseBinary(view: DataView): Triangle[] {
  const count = Math.min(view.getUint32(80, true), MAX_TRIANGLES)
  const triangles: Triangle[] = []
  for (let i = 0; i < count; i += 1) {
    // 50 bytes per triangle: normal (12), three corners (36), attribute (2).
    const at = 84 + i * 50 + 12
    if (at + 36 > view.byteLength) break
    const corner = (k: number) => [
      view.getFloat32(at + k * 12, true),
      view.getFloat32(at + k * 12 + 4, true),
      view.getFloat32(at + k * 12 + 8, true),
    ]
    triangles.push([corner(0), corner(1), corner(2)])
  }
  return triangles
}

/**
 * The triangles of an STL file, ASCII or binary. A binary file may also begin with "solid", so
 * the size its header announces decides.
 */
export function parseStl(buffer: ArrayBuffer): Triangle[] {
  const view = new DataView(buffer)
  if (buffer.byteLength >= 84) {
    const count = view.getUint32(80, true)
    if (84 + count * 50 === buffer.byteLength) return parseBinary(view)
  }
  return parseAscii(new TextDecoder().decode(buffer))
}
