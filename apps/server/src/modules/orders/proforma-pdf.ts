import { bankTransferWords, formatMinor, shopDate, orderNumberText } from '@toolworks/shared'

import type { PaymentInstructions } from '../payments/payment-provider.js'
import type { OrderWithLines } from './orders.queries.js'
import { MARGIN, orderPdf, RIGHT, STYLES, type Company, type Doc } from './order-pdf.js'

const w = bankTransferWords.proforma

/**
 * The proforma's data: the unpaid order, and what the bank transfer provider answered for it
 * (its reference, amount, currency, due date and the shop's bank details as lines), so the
 * document prints exactly what the payment page shows.
 */
export type ProformaData = {
  company: Company
  order: OrderWithLines
  payment: PaymentInstructions
  /** When it is printed: its date is the shop's date then (the server's clock). */
  issuedAt: Date
}

/**
 * The proforma invoice for paying an order by bank transfer as a PDF stream: the
 * order as the invoice shows it, then where to send the money, the reference to write on the
 * transfer, the amount and the date it is due. It holds the shop's bank details, so it goes
 * only to the order's owner or an admin.
 */
export function proformaPdf({ company, order, payment, issuedAt }: ProformaData): Doc {
  return orderPdf({
    documentTitle: `${w.title} ${payment.reference}`,
    heading: w.title,
    company,
    facts: [
      [w.date, shopDate(issuedAt)],
      [w.orderNumber, orderNumberText(order.orderNumber)],
      [bankTransferWords.details.reference, payment.reference],
      [w.dueDate, payment.dueDate],
    ],
    order,
    ending: ({ line, gap, room, wrap }) => {
      const { normal, bold, muted, heading } = STYLES
      const totals: [string, string][] = [
        [w.amount, formatMinor(payment.amountCents, order.currency)],
        [w.currency, payment.currency],
        [w.dueDate, payment.dueDate],
      ]
      const notes = [w.writeReference, w.notInvoice].flatMap((note) =>
        wrap(note, RIGHT - MARGIN, muted),
      )
      // The section stays on one page: heading, details, a gap, the totals, a gap, the notes.
      room(16 + (payment.lines.length + totals.length) * 14 + 6 + 10 + notes.length * 13)
      line(w.payTo, MARGIN, heading)
      gap(16)
      for (const detail of payment.lines) {
        line(detail, MARGIN, normal)
        gap(14)
      }
      gap(6)
      for (const [label, value] of totals) {
        line(`${label}: ${value}`, MARGIN, bold)
        gap(14)
      }
      gap(10)
      for (const text of notes) {
        line(text, MARGIN, muted)
        gap(13)
      }
    },
  })
}
