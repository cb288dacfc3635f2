import { Readable, pipeline } from 'node:stream'

import { stringify } from 'csv-stringify'

/**
 * Cells of our CSV files (issue 17). A spreadsheet runs a cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return as a formula (CSV injection, OWASP), so such a cell is
 * written with a single quote in front, which spreadsheets show as text. Every cell goes
 * through it, numbers included: we never export a negative number (money, stock and counts
 * are never below zero), so only text is ever changed.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/**
 * The import's inverse, so an exported file comes back as it was: a quote followed by one of
 * those characters loses the quote. A quote before anything else is the cell's own text.
 */
export function unneutralise(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
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
): Readable {
  async function* records() {
    for await (const page of pages) for (const row of page) yield record(row).map(neutralise)
  }
  return pipeline(
    Readable.from(records()),
    stringify({
      bom: true,
      header: true,
      columns: [...columns],
      record_delimiter: '\r\n',
      // csv-stringify quotes a cell holding the record delimiter (CRLF); a lone LF or CR
      // must be quoted too (RFC 4180), or a reader would end the record there.
      quoted_match: /[\r\n]/,
    }),
    (error) => {
      if (error) onError(error)
    },
  )
}
