import {
  creditNoteWords,
  formatMinor,
  invoiceWords,
  mushakSerialText,
  mushakWords,
  orderNumberText,
  rateFromUnits,
  shopDateTime,
  taxLines,
} from '@toolworks/shared'

import { drawFacts, drawHead, drawParties } from './mushak-pdf.js'
import type { OrderWithLines } from './orders.queries.js'
import { MARGIN, startDocument, STYLES, type Company, type Doc } from './order-pdf.js'

const w = creditNoteWords

/** What the Mushak-6.7 prints: the cancelled order, its 6.3 and its own serial and time. */
export type CreditNoteData = {
  company: Company
  sellerBin: string
  order: OrderWithLines & {
    paidAt: Date
    invoiceNumber: number
    mushakFiscalYear: string
    mushakSerial: number
    creditNoteFiscalYear: string
    creditNoteSerial: number
    creditNoteIssuedAt: Date
  }
}

/**
 * The Mushak-6.7 credit note of a paid domestic order cancelled after its Mushak-6.3 (A4
 * landscape, English under the form's Bengali title). It names the 6.3 it corrects (serial and
 * date) and reverses every line of it: the same figures the 6.3 printed, read back through the
 * shared taxLines from the order's frozen amounts, each with a minus sign, so the two forms
 * cancel to the poisha.
 */
export function creditNotePdf({ company, sellerBin, order }: CreditNoteData): Doc {
  const serial = mushakSerialText(order.creditNoteFiscalYear, order.creditNoteSerial)
  const pen = startDocument({ title: `${w.form} ${serial}`, author: company.name, landscape: true })
  const { line, lineRight, gap, room, wrap, rule, right } = pen
  const { normal, bold, muted } = STYLES
  const minus = (minor: number) => w.minus(formatMinor(minor, order.currency))

  drawHead(pen, w)
  drawParties(pen, { company, sellerBin, order })
  drawFacts(pen, [
    [w.serial, serial],
    [w.issuedAt, shopDateTime(order.creditNoteIssuedAt.toISOString())],
    [w.originalSerial, mushakSerialText(order.mushakFiscalYear, order.mushakSerial)],
    [w.originalDate, shopDateTime(order.paidAt.toISOString())],
    [invoiceWords.pdf.invoiceNumber, invoiceWords.number(order.invoiceNumber)],
    [invoiceWords.pdf.orderNumber, orderNumberText(order.orderNumber)],
    [w.reason, w.reasonCancelled],
  ])
  line(w.reversed, MARGIN, muted)
  gap(20)

  const c = w.columns
  const cols = {
    description: MARGIN + 22,
    quantity: 390,
    unitPrice: 480,
    value: 575,
    vatRate: 620,
    vatAmount: 705,
    total: right,
  }
  const descriptionWidth = cols.quantity - 60 - cols.description
  const small = { size: 8, bold: true }
  const header = () => {
    const top = pen.state.y
    line(c.index, MARGIN, small)
    line(c.description, cols.description, small)
    const twoLines = (text: string, at: number) => {
      wrap(text, 70, small).forEach((part, i) => {
        pen.state.y = top + i * 10
        lineRight(part, at, small)
      })
      pen.state.y = top
    }
    twoLines(c.quantity, cols.quantity)
    twoLines(c.unitPrice, cols.unitPrice)
    twoLines(c.value, cols.value)
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
    lineRight(formatMinor(t.unitPriceBeforeVat, order.currency), cols.unitPrice, normal)
    lineRight(minus(t.valueBeforeVat), cols.value, normal)
    lineRight(`${order.vatRate}%`, cols.vatRate, normal)
    lineRight(minus(t.vat), cols.vatAmount, normal)
    lineRight(minus(t.totalWithTax), cols.total, normal)
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
  room(50)
  gap(6)
  line(w.totals, cols.description, bold)
  lineRight(minus(sums.value), cols.value, bold)
  lineRight(minus(sums.vat), cols.vatAmount, bold)
  lineRight(minus(sums.total), cols.total, bold)
  gap(18)
  const rate = order.exchangeRateUnits === null ? null : rateFromUnits(order.exchangeRateUnits)
  line(mushakWords.currency(order.currency, rate), MARGIN, muted)
  pen.doc.end()
  return pen.doc
}
