import { QUOTE_DRAWING_KINDS, type QuoteDrawingKind } from '@toolworks/shared'

/**
 * What a drawing is, by its bytes alone: the name and the browser's type are the
 * buyer's word, and a renamed executable must not be stored or served as a drawing. Pure, so
 * every rule is unit tested without a server.
 */

/** Text formats are recognised from their first bytes; no header sits deeper than this. */
const HEAD_BYTES = 64 * 1024

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff])
const BINARY_DXF_SENTINEL = Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00', 'latin1')
/** A UTF-8 byte order mark, which some CAD exporters write before a text header. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf])

/** How much of a file sniffDrawing may look at: its text head, after a byte order mark. */
export const SNIFF_BYTES = BOM.length + HEAD_BYTES

/** The head of a text format as latin1 (one char per byte), or null when it holds a NUL. */
function textHead(bytes: Buffer): string | null {
  const start = bytes.subarray(0, 3).equals(BOM) ? 3 : 0
  const head = bytes.subarray(start, start + HEAD_BYTES)
  if (head.includes(0)) return null
  return head.toString('latin1')
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-'
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE)
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes.subarray(0, 3).equals(JPEG_SIGNATURE)
/** AC1012 … AC1032 and later: the DWG version string opens the file. */
const isDwg = (bytes: Buffer) => /^AC10\d\d$/.test(bytes.subarray(0, 6).toString('latin1'))

const isStep = (head: string) => /^\s*ISO-10303-21;/.test(head)

/**
 * IGES: fixed 80-column lines whose column 73 names the section (Start, Global, Directory,
 * Parameter, Terminate) and whose columns 74-80 hold the line's sequence number. The file
 * opens with the Start section.
 */
function isIges(head: string): boolean {
  const lines = head.split(/\r?\n/)
  // The last line of the head may be cut in the middle.
  const whole = lines.length > 1 ? lines.slice(0, -1) : lines
  const checked = whole.filter((line) => line.length > 0).slice(0, 20)
  if (checked.length === 0 || checked[0]?.[72] !== 'S') return false
  return checked.every(
    (line) =>
      line.length >= 80 && 'SGDPT'.includes(line[72] ?? '') && /^ *\d+$/.test(line.slice(73, 80)),
  )
}

/** Binary STL: an 80-byte header, a triangle count, then exactly 50 bytes per triangle. */
function isBinaryStl(bytes: Buffer, size: number): boolean {
  if (bytes.length < 84) return false
  const triangles = bytes.readUInt32LE(80)
  return size === 84 + 50 * triangles
}

const isAsciiStl = (head: string) =>
  /^\s*solid\b/.test(head) && /\b(facet\s+normal|endsolid)\b/.test(head)

/** ASCII DXF: group code 0 SECTION, then group code 2 naming the section (LF or CRLF). */
function isDxf(bytes: Buffer, head: string | null): boolean {
  if (bytes.subarray(0, BINARY_DXF_SENTINEL.length).equals(BINARY_DXF_SENTINEL)) return true
  if (head === null) return false
  // DXF writers may open with comments (group code 999).
  const body = head.replace(/^(\s*999\r?\n[^\r\n]*\r?\n)*/, '')
  return /^\s*0\r?\n\s*SECTION\r?\n\s*2\r?\n\s*(HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS)\s*\r?\n/.test(
    body,
  )
}

/**
 * The kind of a drawing by its content, or null when it is none we accept. `bytes` may be the
 * file's first SNIFF_BYTES only (all an upload keeps in memory), `size` the whole file's length.
 */
export function sniffDrawing(bytes: Buffer, size = bytes.length): QuoteDrawingKind | null {
  if (size === 0 || bytes.length === 0) return null
  if (isPdf(bytes)) return 'pdf'
  if (isPng(bytes)) return 'png'
  if (isJpeg(bytes)) return 'jpeg'
  if (isDwg(bytes)) return 'dwg'
  // Binary STL before the text formats: its free header may itself begin with "solid".
  if (isBinaryStl(bytes, size)) return 'stl'
  const head = textHead(bytes)
  if (isDxf(bytes, head)) return 'dxf'
  if (head === null) return null
  if (isStep(head)) return 'step'
  if (isIges(head)) return 'iges'
  if (isAsciiStl(head)) return 'stl'
  return null
}

export function drawingContentType(kind: QuoteDrawingKind): string {
  return QUOTE_DRAWING_KINDS[kind].contentType
}
