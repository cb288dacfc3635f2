import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import {
  formatMinor,
  invoiceWords,
  mushakWords,
  rateFromUnits,
  isExportTo,
  taxWords,
} from '@toolworks/shared'
import PDFDocument from 'pdfkit'

import type { Config } from '../../config.js'
import type { OrderWithLines } from './orders.queries.js'
import { woffToSfnt } from './woff.js'

/**
 * What the order's documents share (the invoice and the proforma invoice):
 * the fonts, lines of mixed Latin and Bengali text, the company and document header, the buyer,
 * the table of lines and the sums. Each document adds its own facts and closing section.
 */

const w = invoiceWords.pdf

/**
 * Noto Sans Bengali (the @fontsource package ships WOFF files, which pdfkit's fontkit reads).
 * Its "bengali" subset has the Bengali glyphs; Latin text stays in pdfkit's standard Helvetica,
 * so only the Bengali glyphs a document uses are embedded.
 */
const require = createRequire(import.meta.url)
const BENGALI_FONT =
  require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff')

/**
 * The Bengali font, read once and shared by every invoice: pdfkit takes a fontkit font in
 * place of a file, and one that has laid out text before keeps its parsed tables. A fresh
 * font per document parsed its shaping tables every time (about 0.5 s an invoice; shared,
 * tens of milliseconds, measured). fontkit is pdfkit's own dependency, loaded from there.
 * The WOFF is unwrapped once too (woff.ts): fontkit inflates a WOFF's tables on every read.
 */
type FontkitFont = { layout: (text: string) => unknown }
let bengaliFont: FontkitFont | undefined
function sharedBengaliFont(): FontkitFont {
  if (!bengaliFont) {
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
      create: (data: Buffer) => FontkitFont
    }
    bengaliFont = fontkit.create(woffToSfnt(readFileSync(BENGALI_FONT)))
  }
  return bengaliFont
}
const LATIN = 'Helvetica'
const LATIN_BOLD = 'Helvetica-Bold'
const BENGALI = 'NotoSansBengali'

/** Bengali letters, signs, dandas and the joiners; spaces between Bengali words stay with them. */
const BENGALI_RUN =
  /[\u0980-\u09ff\u0964\u0965\u200c\u200d]+(?:[ \u00a0]+[\u0980-\u09ff\u0964\u0965\u200c\u200d]+)*/g

type Run = { text: string; bengali: boolean }

/** The text cut into runs of Bengali and of everything else, each drawn in its own font. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = []
  let at = 0
  for (const match of text.matchAll(BENGALI_RUN)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), bengali: false })
    runs.push({ text: match[0], bengali: true })
    at = match.index + match[0].length
  }
  if (at < text.length) runs.push({ text: text.slice(at), bengali: false })
  return runs
}

/** PDF text string in UTF-16BE with its byte-order mark, as hex. */
const pdfUnicodeHex = (text: string) =>
  `FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}`

/** What a company needs to show on its invoices (config.ts: COMPANY_*). */
export type Company = Config['company']

export type Doc = PDFKit.PDFDocument
export type Style = { size: number; bold?: boolean; color?: string }

const PAGE = { width: 595.28, height: 841.89, margin: 50 }
export const RIGHT = PAGE.width - PAGE.margin

/**
 * Draws one line of mixed text with its baseline at y. A Bengali run is shaped by fontkit, so
 * its glyphs are in visual order (a vowel sign like ি comes before its consonant); the run is
 * wrapped in a marked-content span whose ActualText holds the letters in their logical order,
 * which is what text extraction (pdftotext, copy and paste, screen readers) then gives back.
 * The span is opened inside pdfkit's own text object (BT … ET), where the glyphs' coordinate
 * system is; opened outside it, poppler places the text upside down on the page.
 */
function drawLine(doc: Doc, text: string, x: number, y: number, style: Style) {
  let left = x
  for (const run of scriptRuns(text)) {
    doc
      .font(run.bengali ? BENGALI : style.bold ? LATIN_BOLD : LATIN)
      .fontSize(style.size)
      .fillColor(style.color ?? '#111111')
    const draw = () => doc.text(run.text, left, y, { lineBreak: false, baseline: 'alphabetic' })
    if (run.bengali) withActualText(doc, run.text, draw)
    else draw()
    left += doc.widthOfString(run.text)
  }
  return left - x
}

function withActualText(doc: Doc, actual: string, draw: () => void) {
  const original = doc.addContent.bind(doc)
  const hex = pdfUnicodeHex(actual)
  // An own property over the prototype's method for this one call; deleted afterwards.
  doc.addContent = (data: string) => {
    if (data === 'BT') original(`/Span <</ActualText <${hex}>>> BDC`)
    original(data)
    if (data === 'ET') original('EMC')
    return doc
  }
  try {
    draw()
  } finally {
    delete (doc as { addContent?: unknown }).addContent
  }
}

function widthOf(doc: Doc, text: string, style: Style) {
  let width = 0
  for (const run of scriptRuns(text)) {
    doc.font(run.bengali ? BENGALI : style.bold ? LATIN_BOLD : LATIN).fontSize(style.size)
    width += doc.widthOfString(run.text)
  }
  return width
}

/** Greedy word wrap to `width`; a single word longer than the width is cut by characters. */
function wrap(doc: Doc, text: string, width: number, style: Style): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (widthOf(doc, candidate, style) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    let rest = word
    while (widthOf(doc, rest, style) > width) {
      let cut = Array.from(rest)
      while (cut.length > 1 && widthOf(doc, cut.join(''), style) > width) cut = cut.slice(0, -1)
      lines.push(cut.join(''))
      rest = rest.slice(cut.join('').length)
    }
    line = rest
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}

/** Draws on the current page at the running position, adding a page when one is full. */
export type Pen = {
  doc: Doc
  line: (text: string, x: number, style: Style) => number
  lineRight: (text: string, right: number, style: Style) => number
  gap: (points: number) => void
  /** Starts a new page unless `points` more fit on this one. */
  room: (points: number) => void
  wrap: (text: string, width: number, style: Style) => string[]
  widthOf: (text: string, style: Style) => number
}

export const STYLES = {
  normal: { size: 10 },
  bold: { size: 10, bold: true },
  muted: { size: 9, color: '#555555' },
  heading: { size: 11, bold: true },
} as const satisfies Record<string, Style>

export const MARGIN = PAGE.margin

/** An order's document: what it is called, its facts beside the company, and its ending. */
export type OrderDocument = {
  /** The PDF's title in its properties, e.g. "Invoice INV-000042". */
  documentTitle: string
  /** The large title at the top right, e.g. "Invoice" or "PROFORMA INVOICE". */
  heading: string
  company: Company
  /** Label and value pairs under the heading (number, dates, order). */
  facts: [string, string][]
  order: OrderWithLines
  /** Draws the document's own last section (the payment) after the sums. */
  ending: (pen: Pen) => void
  /** A word across the first page in large red type ("CANCELLED"): the order no longer stands. */
  stamp?: string
}

/**
 * An order's document as a PDF stream, A4, one or more pages: the company and the facts, the
 * buyer, the lines (the table header again on each new page), the sums, then `ending`.
 */
/**
 * A new A4 document with the shared fonts and a pen that writes at a running position:
 * portrait for the invoices, landscape for the Mushak-6.3's wide table. The pen's `y` is the
 * baseline of the next line.
 */
export function startDocument(info: { title: string; author: string; landscape?: boolean }) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: info.landscape ? 'landscape' : 'portrait',
    margin: PAGE.margin,
    info: { Title: info.title, Author: info.author, Creator: info.author },
  })
  // pdfkit 0.20 takes a fontkit font (anything with `layout`); @types/pdfkit 0.17 knows only
  // files and buffers, hence the cast.
  doc.registerFont(BENGALI, sharedBengaliFont() as unknown as Buffer)
  const bottom = (info.landscape ? PAGE.width : PAGE.height) - PAGE.margin
  const state = { y: PAGE.margin + 14 }
  const pen = {
    doc,
    state,
    right: (info.landscape ? PAGE.height : PAGE.width) - PAGE.margin,
    line: (text: string, x: number, style: Style) => drawLine(doc, text, x, state.y, style),
    lineRight: (text: string, right: number, style: Style) =>
      drawLine(doc, text, right - widthOf(doc, text, style), state.y, style),
    gap: (points: number) => {
      state.y += points
    },
    room: (points: number) => {
      if (state.y + points > bottom) {
        doc.addPage()
        state.y = PAGE.margin + 14
      }
    },
    fits: (points: number) => state.y + points <= bottom,
    wrap: (text: string, width: number, style: Style) => wrap(doc, text, width, style),
    widthOf: (text: string, style: Style) => widthOf(doc, text, style),
    rule: (from: number, to: number, at = state.y) =>
      doc.moveTo(from, at).lineTo(to, at).lineWidth(0.7).strokeColor('#999999').stroke(),
  }
  return pen
}

/**
 * The stamp of an order that no longer stands, before the buyer: large, bold, red and boxed, so
 * a printed copy cannot pass for a live invoice, and plain text, so a reader or pdftotext
 * reads it too.
 */
function drawStamp(pen: ReturnType<typeof startDocument>, stamp: string) {
  const style = { size: 34, bold: true, color: '#b91c1c' }
  const width = pen.widthOf(stamp, style)
  const x = (PAGE.margin + RIGHT - width) / 2
  pen.gap(30)
  pen.line(stamp, x, style)
  pen.doc
    .rect(x - 14, pen.state.y - 36, width + 28, 48)
    .lineWidth(3)
    .strokeColor('#b91c1c')
    .stroke()
  pen.gap(36)
}

export function orderPdf(d: OrderDocument): Doc {
  const { company, order } = d
  const pen = startDocument({ title: d.documentTitle, author: company.name })
  const { doc, line, lineRight, gap, room } = pen
  const { normal, bold, muted } = STYLES
  const money = (cents: number) => formatMinor(cents, order.currency)

  // The company, left; the document's title and facts, right.
  line(company.name, PAGE.margin, { size: 16, bold: true })
  lineRight(d.heading, RIGHT, { size: 20, bold: true })
  const companyLines = [...wrap(doc, company.address, 250, normal), company.email, company.phone]
  gap(20)
  const top = pen.state.y
  for (const text of companyLines) {
    line(text, PAGE.margin, normal)
    gap(14)
  }
  const afterCompany = pen.state.y
  pen.state.y = top
  for (const [label, value] of d.facts) {
    lineRight(value, RIGHT, bold)
    const valueWidth = widthOf(doc, value, bold)
    lineRight(`${label}:`, RIGHT - valueWidth - 6, muted)
    gap(14)
  }
  pen.state.y = Math.max(afterCompany, pen.state.y) + 16
  if (d.stamp) drawStamp(pen, d.stamp)

  // The buyer.
  line(w.billTo, PAGE.margin, STYLES.heading)
  gap(16)
  // The buyer's company under their name, when the order has one.
  const buyer = [
    order.customerName,
    order.company ?? '',
    order.customerEmail,
    order.phone,
    ...wrap(doc, order.address, RIGHT - PAGE.margin, normal),
  ].filter((text) => text.trim() !== '')
  for (const text of buyer) {
    line(text, PAGE.margin, normal)
    gap(14)
  }
  gap(12)

  // The lines.
  const cols = { qty: 350, unit: 440, total: RIGHT }
  const nameWidth = 280
  const header = () => {
    line(w.item, PAGE.margin, bold)
    lineRight(w.quantity, cols.qty, bold)
    lineRight(w.unitPrice, cols.unit, bold)
    lineRight(w.lineTotal, cols.total, bold)
    gap(6)
    doc
      .moveTo(PAGE.margin, pen.state.y)
      .lineTo(RIGHT, pen.state.y)
      .lineWidth(0.7)
      .strokeColor('#999999')
      .stroke()
    gap(14)
  }
  header()
  for (const item of order.lines) {
    const names = wrap(doc, item.toolName, nameWidth, normal)
    const notes = item.madeToOrder > 0 ? [w.madeToOrder(item.madeToOrder)] : []
    const height = (names.length + notes.length) * 13 + 6
    if (!pen.fits(height)) {
      room(height + 40)
      header()
    }
    lineRight(String(item.quantity), cols.qty, normal)
    lineRight(money(item.unitPriceCents), cols.unit, normal)
    lineRight(money(item.lineTotalCents), cols.total, normal)
    for (const name of names) {
      line(name, PAGE.margin, normal)
      gap(13)
    }
    for (const note of notes) {
      line(note, PAGE.margin + 10, muted)
      gap(13)
    }
    gap(6)
  }
  doc
    .moveTo(PAGE.margin, pen.state.y - 8)
    .lineTo(RIGHT, pen.state.y - 8)
    .lineWidth(0.7)
    .strokeColor('#999999')
    .stroke()

  // The sums.
  room(90)
  gap(6)
  const sum = (label: string, value: string, style: Style) => {
    lineRight(value, RIGHT, style)
    lineRight(label, cols.unit, style)
    gap(16)
  }
  if (order.discountCents > 0) {
    sum(w.subtotal, money(order.subtotalCents), normal)
    sum(w.discount(order.discountLabel ?? ''), `-${money(order.discountCents)}`, normal)
  }
  sum(w.total, money(order.totalCents), { size: 12, bold: true })
  const rate = order.exchangeRateUnits === null ? null : rateFromUnits(order.exchangeRateUnits)
  lineRight(mushakWords.currency(order.currency, rate), RIGHT, muted)
  gap(14)
  // What the total holds of VAT: the VAT a domestic price includes, or the export's
  // zero rate.
  lineRight(
    !isExportTo(order.country)
      ? `${taxWords.vatIncluded(order.vatRate)}: ${money(order.vatCents)}`
      : taxWords.exportZeroRated,
    RIGHT,
    muted,
  )
  gap(24)

  d.ending(pen)
  doc.end()
  return doc
}
