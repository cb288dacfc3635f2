import {
  formatMinor,
  invoiceWords,
  mushakSerialText,
  mushakWords,
  rateFromUnits,
  shopDateTime,
  taxLines,
  orderNumberText,
} from '@toolworks/shared'

import type { OrderWithLines } from './orders.queries.js'
import { MARGIN, startDocument, STYLES, type Company, type Doc, type Style } from './order-pdf.js'

const w = mushakWords

/** What the Mushak-6.3 prints: the paid domestic order, both parties and the seller's BIN. */
export type MushakData = {
  company: Company
  sellerBin: string
  order: OrderWithLines & {
    paidAt: Date
    invoiceNumber: number
    mushakFiscalYear: string
    mushakSerial: number
  }
}

export type Pen = ReturnType<typeof startDocument>

/** What a Mushak form's head names: its Bengali title, its number and title, its rule. */
export type FormHead = { titleBengali: string; form: string; title: string; rule: string }

/** The form's head: the authority, the Bengali title, the form's number and its rule. */
export function drawHead(pen: Pen, head: FormHead = w) {
  const { gap } = pen
  const { muted } = STYLES
  const centre = (text: string, style: Style) =>
    pen.line(text, (MARGIN + pen.right - pen.widthOf(text, style)) / 2, style)
  centre(w.authority, muted)
  gap(22)
  centre(head.titleBengali, { size: 16 })
  gap(18)
  centre(`${head.form} · ${head.title}`, { size: 13, bold: true })
  gap(13)
  centre(head.rule, muted)
  gap(24)
}

/** 13 digits as the form writes a BIN: nine, a dash, four (000123456-0101). */
export const binText = (bin: string) => `${bin.slice(0, 9)}-${bin.slice(9)}`

/** The parties, the seller left and the buyer right, as every Mushak form prints them. */
export function drawParties(
  pen: Pen,
  { company, sellerBin, order }: { company: Company; sellerBin: string; order: OrderWithLines },
) {
  const { line, gap, wrap, right } = pen
  const { normal, heading } = STYLES
  const half = (right - MARGIN) / 2
  const party = (title: string, rows: string[], x: number) => {
    const top = pen.state.y
    line(title, x, heading)
    gap(15)
    for (const row of rows)
      for (const text of wrap(row, half - 20, normal)) {
        line(text, x, normal)
        gap(13)
      }
    const bottom = pen.state.y
    pen.state.y = top
    return bottom
  }
  const sellerEnd = party(
    w.seller,
    [company.name, `${w.bin}: ${binText(sellerBin)}`, company.address],
    MARGIN,
  )
  const buyerEnd = party(
    w.buyer,
    [
      order.customerName,
      ...(order.company ? [order.company] : []),
      ...(order.buyerBin ? [`${w.bin}: ${binText(order.buyerBin)}`] : []),
      order.address,
    ],
    MARGIN + half,
  )
  pen.state.y = Math.max(sellerEnd, buyerEnd) + 8
}

/** Label and value rows under the parties, the value wrapped in its own column. */
export function drawFacts(pen: Pen, facts: [string, string][]) {
  const { line, gap, wrap, right } = pen
  for (const [label, value] of facts) {
    line(`${label}:`, MARGIN, STYLES.muted)
    for (const text of wrap(value, right - MARGIN - 150, STYLES.bold)) {
      line(text, MARGIN + 150, STYLES.bold)
      gap(13)
    }
  }
  gap(12)
}

/**
 * The Mushak-6.3 tax invoice of a paid domestic order, as a PDF stream: A4 landscape,
 * in English under the form's Bengali title. Every figure is read back from the order's frozen
 * amounts through the shared taxLines, the rule that priced the order, so Σ value before VAT +
 * Σ VAT = the total paid, to the poisha.
 */
export function mushakPdf({ company, sellerBin, order }: MushakData): Doc {
  const serial = mushakSerialText(order.mushakFiscalYear, order.mushakSerial)
  const pen = startDocument({
    title: `${w.form} ${serial}`,
    author: company.name,
    landscape: true,
  })
  const { line, lineRight, gap, room, wrap, rule, right } = pen
  const { normal, bold, muted } = STYLES
  const money = (minor: number) => formatMinor(minor, order.currency)

  drawHead(pen)

  // The parties; then the serial, the time and the delivery.
  drawParties(pen, { company, sellerBin, order })
  drawFacts(pen, [
    [w.serial, serial],
    [w.issuedAt, shopDateTime(order.paidAt.toISOString())],
    [invoiceWords.pdf.invoiceNumber, invoiceWords.number(order.invoiceNumber)],
    [invoiceWords.pdf.orderNumber, orderNumberText(order.orderNumber)],
    [w.delivery, order.address],
  ])

  // The lines: each column's right edge; the description wraps in its own width.
  const c = w.columns
  const cols = {
    description: MARGIN + 22,
    quantity: 330,
    unitPrice: 415,
    value: 505,
    sdRate: 545,
    sdAmount: 600,
    vatRate: 645,
    vatAmount: 715,
    total: right,
  }
  const descriptionWidth = cols.quantity - 40 - cols.description
  const small = { size: 8, bold: true }
  const header = () => {
    const top = pen.state.y
    line(c.index, MARGIN, small)
    line(c.description, cols.description, small)
    // Long headings take two lines, right-aligned over their figures.
    const twoLines = (text: string, at: number) => {
      const parts = wrap(text, 62, small)
      parts.forEach((part, i) => {
        pen.state.y = top + i * 10
        lineRight(part, at, small)
      })
      pen.state.y = top
    }
    twoLines(c.quantity, cols.quantity)
    twoLines(c.unitPrice, cols.unitPrice)
    twoLines(c.value, cols.value)
    twoLines(c.sdRate, cols.sdRate)
    twoLines(c.sdAmount, cols.sdAmount)
    twoLines(c.vatRate, cols.vatRate)
    twoLines(c.vatAmount, cols.vatAmount)
    twoLines(c.total, cols.total)
    gap(16)
    rule(MARGIN, right)
    gap(13)
  }
  header()
  const taxed = taxLines(
    order.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPriceCents })),
    order.discountCents,
    order.vatRate,
  )
  const sums = { value: 0, vat: 0, total: 0 }
  order.lines.forEach((item, i) => {
    const t = taxed[i]
    if (!t) throw new Error('a line lost its tax')
    const names = wrap(item.toolName, descriptionWidth, normal)
    const height = names.length * 13 + 5
    if (!pen.fits(height)) {
      room(height + 40)
      header()
    }
    line(String(i + 1), MARGIN, normal)
    lineRight(String(item.quantity), cols.quantity, normal)
    lineRight(money(t.unitPriceBeforeVat), cols.unitPrice, normal)
    lineRight(money(t.valueBeforeVat), cols.value, normal)
    lineRight('0%', cols.sdRate, normal)
    lineRight(money(0), cols.sdAmount, normal)
    lineRight(`${order.vatRate}%`, cols.vatRate, normal)
    lineRight(money(t.vat), cols.vatAmount, normal)
    lineRight(money(t.totalWithTax), cols.total, normal)
    for (const name of names) {
      line(name, cols.description, normal)
      gap(13)
    }
    gap(5)
    sums.value += t.valueBeforeVat
    sums.vat += t.vat
    sums.total += t.totalWithTax
  })
  rule(MARGIN, right, pen.state.y - 8)
  room(70)
  gap(6)
  line(w.totals, cols.description, bold)
  lineRight(money(sums.value), cols.value, bold)
  lineRight(money(0), cols.sdAmount, bold)
  lineRight(money(sums.vat), cols.vatAmount, bold)
  lineRight(money(sums.total), cols.total, bold)
  gap(18)
  if (order.discountCents > 0) {
    line(w.discountShared(order.discountLabel ?? '', money(order.discountCents)), MARGIN, muted)
    gap(13)
  }
  const rate = order.exchangeRateUnits === null ? null : rateFromUnits(order.exchangeRateUnits)
  line(w.currency(order.currency, rate), MARGIN, muted)
  pen.doc.end()
  return pen.doc
}
