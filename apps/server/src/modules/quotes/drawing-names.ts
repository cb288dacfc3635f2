import {
  QUOTE_DRAWING_KINDS,
  QUOTE_DRAWING_NAME_MAX,
  type QuoteDrawingKind,
} from '@toolworks/shared'

/** C0/C1 controls and the bidirectional overrides that make "exe.pdf" read as "fdp.exe". */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
/** A lone surrogate cannot be encoded for the download header. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A drawing's name as stored and shown: the browser's file name without any folder part or
 * control characters, at most QUOTE_DRAWING_NAME_MAX characters with its extension kept. A
 * name with nothing left becomes "drawing-N.<ext>" from the sniffed kind.
 */
export function cleanDrawingName(raw: string, kind: QuoteDrawingKind, position: number): string {
  const base = raw.split(/[/\\]/).pop() ?? ''
  const cleaned = base
    .replace(UNSAFE_CHARACTERS, '')
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/\s+/g, ' ')
    .trim()
  const fallback = `drawing-${position + 1}.${QUOTE_DRAWING_KINDS[kind].extensions[0]}`
  if (cleaned === '' || /^\.+$/.test(cleaned)) return fallback
  const chars = Array.from(cleaned)
  if (chars.length <= QUOTE_DRAWING_NAME_MAX) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : []
  if (extension.length === 0 || extension.length > 16)
    return chars.slice(0, QUOTE_DRAWING_NAME_MAX).join('')
  const stem = Array.from(cleaned.slice(0, dot)).slice(0, QUOTE_DRAWING_NAME_MAX - extension.length)
  return stem.join('') + extension.join('')
}

/**
 * A drawing's name as stored and served: the stem of the buyer's cleaned name and
 * the extension of the kind its bytes were sniffed as, so a STEP file sent as `drawing.bat`
 * is `drawing.step` and a PDF sent as `invoice.html` is `invoice.pdf`. The buyer's own
 * extension stays only when it is one of that kind's (`part.STP` → `part.stp`). Idempotent:
 * rows stored before this rule are served through it too (read time), and rows stored with
 * it come out unchanged. A name with no stem (`.bat`) becomes `drawing-N.<ext>`.
 */
export function drawingName(raw: string, kind: QuoteDrawingKind, position = 0): string {
  const cleaned = cleanDrawingName(raw, kind, position)
  const extensions: readonly string[] = QUOTE_DRAWING_KINDS[kind].extensions
  const dot = cleaned.lastIndexOf('.')
  const given = dot >= 0 ? cleaned.slice(dot + 1).toLowerCase() : ''
  const extension = extensions.includes(given) ? given : (extensions[0] ?? kind)
  const stem = Array.from(dot >= 0 ? cleaned.slice(0, dot) : cleaned)
    .slice(0, QUOTE_DRAWING_NAME_MAX - extension.length - 1)
    .join('')
    // "part..bat" or "part .bat" would leave a stem a file system trims or misreads.
    .replace(/[.\s]+$/, '')
  return `${stem === '' ? `drawing-${position + 1}` : stem}.${extension}`
}

/**
 * RFC 6266 Content-Disposition with an ASCII fallback `filename` and the exact name in the
 * RFC 5987 `filename*` form, so "Flansch-Maß.pdf" downloads under its own name and a quote or
 * backslash in a name cannot end the header's parameter.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
