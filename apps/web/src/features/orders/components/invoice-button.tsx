import { useState } from 'react'
import { toast } from '@/lib/toast'

import {
  creditNoteWords,
  invoiceWords,
  receiptWords,
  taxWords,
  type Order,
} from '@toolworks/shared'

import { saveBlob } from '@/lib/fetch-file'
import { getErrorMessage } from '@/lib/get-error-message'

import { fetchCreditNote } from '../api/download-credit-note'
import { fetchInvoice } from '../api/download-invoice'
import { fetchMushak } from '../api/download-mushak'

/**
 * Whether an order has an invoice: paid (and maybe shipped). A paid order cancelled with a
 * credit note keeps its invoice, which then says CANCELLED or REFUNDED across it.
 */
export const hasInvoice = (order: Pick<Order, 'paid' | 'status' | 'creditNoteSerial'>) =>
  (order.paid && (order.status === 'paid' || order.status === 'shipped')) ||
  order.creditNoteSerial !== null

/**
 * Whether an order has a Mushak-6.3 tax invoice: a paid domestic order, whose serial
 * was given at payment. An export keeps only its invoice, which says it is zero-rated.
 */
export const hasMushak = (
  order: Pick<Order, 'paid' | 'status' | 'export' | 'mushakSerial' | 'creditNoteSerial'>,
) => hasInvoice(order) && !order.export && order.mushakSerial !== null

/** Whether an order has a Mushak-6.7 credit note: cancelled after its Mushak-6.3 was issued. */
export const hasCreditNote = (order: Pick<Order, 'creditNoteSerial'>) =>
  order.creditNoteSerial !== null

type PdfDocument = {
  fetch: (orderId: string) => Promise<{ blob: Blob; fileName: string }>
  idle: string
  busy: string
  failed: string
  nameFor: (order: string) => string
  toastKey: string
}

const DOCUMENTS = {
  invoice: {
    fetch: fetchInvoice,
    idle: invoiceWords.invoicePdf,
    busy: invoiceWords.downloading,
    failed: invoiceWords.downloadFailed,
    nameFor: invoiceWords.invoiceFor,
    toastKey: 'invoice',
  },
  receipt: {
    fetch: fetchInvoice,
    idle: receiptWords.downloadInvoice,
    busy: invoiceWords.downloading,
    failed: invoiceWords.downloadFailed,
    // The receipt is about one order: its visible words are its name.
    nameFor: () => receiptWords.downloadInvoice,
    toastKey: 'invoice',
  },
  mushak: {
    fetch: fetchMushak,
    idle: taxWords.mushakPdf,
    busy: taxWords.mushakDownloading,
    failed: taxWords.mushakDownloadFailed,
    nameFor: taxWords.mushakFor,
    toastKey: 'mushak',
  },
  creditNote: {
    fetch: fetchCreditNote,
    idle: creditNoteWords.pdf,
    busy: creditNoteWords.downloading,
    failed: creditNoteWords.downloadFailed,
    nameFor: creditNoteWords.pdfFor,
    toastKey: 'credit-note',
  },
} satisfies Record<string, PdfDocument>

type PdfButtonProps = {
  order: Order
  label?: string
  /** The button's look: small and outlined in the order tables. */
  className?: string
}

/**
 * An order's PDF, in My Orders and Manage Orders: fetched with the bearer token and saved;
 * busy while it comes; a failure is a toast with Try again.
 */
function PdfButton({
  order,
  label,
  className = 'btn btn-outline btn-xs',
  doc,
}: PdfButtonProps & { doc: PdfDocument }) {
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      const { blob, fileName } = await doc.fetch(order._id)
      saveBlob(blob, fileName)
    } catch (error) {
      toast.error(
        ({ closeToast }) => (
          <div className="flex flex-wrap items-center gap-2">
            <span>
              {doc.failed} {getErrorMessage(error)}
            </span>
            <button
              type="button"
              className="btn btn-xs"
              onClick={() => {
                closeToast()
                void download()
              }}
            >
              {invoiceWords.retry}
            </button>
          </div>
        ),
        { toastId: `${doc.toastKey}-${order._id}` },
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-busy={busy}
      aria-label={doc.nameFor(label ?? order.tools)}
      onClick={() => void download()}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {busy ? doc.busy : doc.idle}
    </button>
  )
}

/** **Invoice (PDF)**. */
export function InvoiceButton(props: PdfButtonProps) {
  return <PdfButton {...props} doc={DOCUMENTS.invoice} />
}

/** **Download invoice** on the payment page's receipt. */
export function ReceiptInvoiceButton(props: PdfButtonProps) {
  return <PdfButton {...props} doc={DOCUMENTS.receipt} />
}

/** **Mushak-6.3 (PDF)**, the tax invoice of a paid domestic order. */
export function MushakButton(props: PdfButtonProps) {
  return <PdfButton {...props} doc={DOCUMENTS.mushak} />
}

/** **Mushak-6.7 (PDF)**, the credit note of a paid domestic order that was cancelled. */
export function CreditNoteButton(props: PdfButtonProps) {
  return <PdfButton {...props} doc={DOCUMENTS.creditNote} />
}

/**
 * The order's documents side by side: its invoice, its Mushak-6.3 when it has one, and the
 * Mushak-6.7 that reverses that 6.3 when the order was cancelled.
 */
export function OrderDocumentButtons(props: PdfButtonProps) {
  if (!hasInvoice(props.order)) return null
  return (
    <div className="flex flex-wrap gap-1">
      <InvoiceButton {...props} />
      {hasMushak(props.order) && <MushakButton {...props} />}
      {hasCreditNote(props.order) && <CreditNoteButton {...props} />}
    </div>
  )
}
