import {
  exportDocumentOf,
  exportDocumentText,
  exportWords,
  invoiceWords,
  shopDate,
  orderNumberText,
} from '@toolworks/shared'

import type { OrderWithLines } from './orders.queries.js'
import { MARGIN, orderPdf, STYLES, type Company, type Doc } from './order-pdf.js'

export type { Company } from './order-pdf.js'

const w = invoiceWords.pdf

/** The invoice's data, ready to print: everything comes from the paid order and the config. */
export type InvoiceData = {
  company: Company
  order: OrderWithLines & { invoiceNumber: number; paidAt: Date }
}

/** An export's airway or shipping bill, when recorded: the proof its zero rate rests on. */
function exportDocumentFact(order: InvoiceData['order']): [string, string][] {
  const document = exportDocumentOf(order)
  return document ? [[exportWords.invoiceDocument, exportDocumentText(document)]] : []
}

/**
 * The invoice of a paid order as a PDF stream. A4, one or more pages; amounts in
 * US dollars; the date is the payment's date in the shop's time zone.
 */
export function invoicePdf({ company, order }: InvoiceData): Doc {
  return orderPdf({
    documentTitle: `${w.title} ${invoiceWords.number(order.invoiceNumber)}`,
    heading: w.title,
    company,
    facts: [
      [w.invoiceNumber, invoiceWords.number(order.invoiceNumber)],
      [w.invoiceDate, shopDate(order.paidAt)],
      [w.orderNumber, orderNumberText(order.orderNumber)],
      ...exportDocumentFact(order),
    ],
    order,
    ...stampOf(order),
    ending: ({ line, gap, room }) => {
      room(40)
      line(`${w.transaction}: ${order.transactionId ?? ''}`, MARGIN, STYLES.normal)
      gap(16)
      line(w.paid, MARGIN, STYLES.muted)
    },
  })
}

/** A refunded order's invoice says REFUNDED, a cancelled one's CANCELLED; a live one none. */
function stampOf(order: Pick<OrderWithLines, 'status' | 'paymentState'>): { stamp?: string } {
  if (order.paymentState === 'refunded') return { stamp: w.stamps.refunded }
  if (order.status === 'cancelled') return { stamp: w.stamps.cancelled }
  return {}
}
