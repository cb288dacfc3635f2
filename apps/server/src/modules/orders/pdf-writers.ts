/**
 * The PDF writers (pdfkit and fontkit, about 25 MB resident) load with the first PDF a process
 * writes, not at start: most processes of a busy shop never write one
 * (docs/performance.md). Routes ask for them here, so the writers are imported in one place.
 */
import type { invoicePdf } from './invoice-pdf.js'
import type { creditNotePdf } from './mushak-credit-note-pdf.js'
import type { mushakPdf } from './mushak-pdf.js'
import type { proformaPdf } from './proforma-pdf.js'

type PdfWriters = {
  invoicePdf: typeof invoicePdf
  mushakPdf: typeof mushakPdf
  creditNotePdf: typeof creditNotePdf
  proformaPdf: typeof proformaPdf
}
let loading: Promise<PdfWriters> | undefined

export function loadPdfWriters(): Promise<PdfWriters> {
  loading ??= Promise.all([
    import('./invoice-pdf.js'),
    import('./mushak-pdf.js'),
    import('./proforma-pdf.js'),
    import('./mushak-credit-note-pdf.js'),
  ]).then(([invoice, mushak, proforma, creditNote]) => ({
    invoicePdf: invoice.invoicePdf,
    mushakPdf: mushak.mushakPdf,
    creditNotePdf: creditNote.creditNotePdf,
    proformaPdf: proforma.proformaPdf,
  }))
  return loading
}
