import { Readable, pipeline } from 'node:stream'

import { stringify } from 'csv-stringify'

/**
 * Cells of our CSV files. A spreadsheet runs a cell that starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return as a formula (CSV injection, OWASP), and one that
 * splits the file on `;` or tab (a locale's list separator, or "paste as columns") does the
 * same to each piece. So every piece at the start of a cell or after a `;` or a tab that starts
 * with one of those characters is written with a single quote in front, which spreadsheets
 * show as text. A piece that already starts with quotes before such a character gets one more,
 * so the import's inverse is exact. Every cell goes through it, numbers included: we never
 * export a negative number (money, stock and counts are never below zero).
 */
const FORMULA_PIECE = /(?<=^|[;\t])'*[=+\-@\t\r]/g
/** The quote `neutralise` put in front of a piece: one quote, then quotes and a formula start. */
const ADDED_QUOTE = /(?<=^|[;\t])'(?='*[=+\-@\t\r])/g

export function neutralise(cell: string): string {
  return cell.replace(FORMULA_PIECE, (piece) => `'${piece}`)
}

/** The import's inverse, so an exported file comes back exactly as it was. */
export function unneutralise(cell: string): string {
  return cell.replace(ADDED_QUOTE, '')
}

/** Dollars with two decimals: "12.50" (money travels and is stored as cents). */
export function moneyCell(dollars: number): string {
  return (Math.round(dollars * 100) / 100).toFixed(2)
}

/** Price breaks as `quantity:price` pairs, ";" between them: "10:9.50;50:8.00". */
export function priceBreaksCell(breaks: readonly { minQuantity: number; price: number }[]): string {
  return breaks.map((b) => `${b.minQuantity}:${moneyCell(b.price)}`).join(';')
}

export const yesNoCell = (value: boolean) => (value ? 'yes' : 'no')

/** ISO 8601 in UTC: "2026-11-23T17:40:00.000Z". */
export const dateCell = (value: Date | string) => new Date(value).toISOString()

/** `orders-2026-11-23.csv`: the kind of file and the day (UTC) it was made. */
export function csvFileName(kind: string, now = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * A CSV file as a stream: a UTF-8 BOM (spreadsheet programs then read Bengali names right),
 * the header row, then one record per row of each page as the pages arrive, CRLF between
 * records and quotes doubled (RFC 4180, by csv-stringify). Only one page is in memory at once.
 */
export function csvStream<T>(
  columns: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  record: (row: T) => string[],
  onError: (error: Error) => void,
  /**
   * Told how many records were handed out, once, before the file ends (so an audit row is
   * written before the download completes), or when it stops early (`complete: false`).
   */
  onEnd?: (result: { rows: number; complete: boolean }) => Promise<void>,
): Readable {
  async function* records() {
    let rows = 0
    let complete = false
    try {
      for await (const page of pages)
        for (const row of page) {
          rows += 1
          yield record(row).map(neutralise)
        }
      complete = true
    } finally {
      await onEnd?.({ rows, complete })
    }
  }
  return pipeline(
    Readable.from(records()),
    stringify({
      bom: true,
      header: true,
      columns: [...columns],
      record_delimiter: '\r\n',
      // Every cell in quotes (the header too), so no reader splits one on a `;`, a tab or a
      // lone LF or CR (RFC 4180), whatever separator its locale expects.
      quoted: true,
      quoted_empty: true,
    }),
    (error) => {
      if (error) onError(error)
    },
  )
}
