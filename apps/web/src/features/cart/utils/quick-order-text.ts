import type { QuickOrderRefusal } from '@toolworks/shared'

/**
 * Quick order's text: what the buyer pastes, what a CSV file becomes, and a bad
 * line fixed from the server's suggestion. The server reads the same lines
 * (`parseQuickOrderText` in @toolworks/shared): a part number, then a quantity.
 */

const SEPARATORS = /[\s,;]+/

/** The sample a buyer downloads: a header, then parts of the demo catalogue. */
export const SAMPLE_CSV = [
  'part number,quantity',
  'TW-WR-CS819,2',
  'TW-HM-BP16,5',
  'TW-PT-KC13,10',
  'TW-FB-M1040,40',
  'TW-MS-VC150,1',
  '',
].join('\r\n')
export const SAMPLE_CSV_NAME = 'quick-order-sample.csv'

/** One CSV row's cells: comma, semicolon or tab between them, "quoted" cells unquoted. */
function cells(row: string): string[] {
  const out: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < row.length; i++) {
    const c = row[i]
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === ';' || c === '\t') {
      out.push(cell.trim())
      cell = ''
    } else cell += c
  }
  out.push(cell.trim())
  return out
}

/**
 * A CSV file as quick order lines: the first two cells of each row (part number, quantity); a
 * first row whose quantity is no number is a header and left out. Blank rows are dropped.
 */
export function csvToQuickOrderText(csv: string): string {
  const rows = csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map(cells)
    .filter((c) => c.some((cell) => cell !== ''))
  const first = rows[0]
  if (first && !/^\d+$/.test(first[1] ?? '')) rows.shift()
  return rows
    .map((c) =>
      c
        .filter((cell) => cell !== '')
        .slice(0, 2)
        .join(' '),
    )
    .join('\n')
}

/**
 * The text with one refused line fixed from its suggestion: a part number replaces the line's
 * part number, a quantity its quantity. Lines count from 1, as the server counts them.
 */
export function applySuggestion(text: string, refusal: QuickOrderRefusal): string {
  const { suggestion } = refusal
  if (suggestion === null) return text
  const lines = text.split(/\r\n|\r|\n/)
  const line = lines[refusal.line - 1]
  if (line === undefined) return text
  const [part = '', quantity = ''] = line.split(SEPARATORS).filter((t) => t !== '')
  lines[refusal.line - 1] =
    typeof suggestion === 'string' ? `${suggestion} ${quantity}`.trim() : `${part} ${suggestion}`
  return lines.join('\n')
}
