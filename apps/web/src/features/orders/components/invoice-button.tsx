import { useState } from 'react'
import { toast } from '@/lib/toast'

import { invoiceWords, type Order } from '@toolworks/shared'

import { saveBlob } from '@/lib/fetch-file'
import { getErrorMessage } from '@/lib/get-error-message'

import { fetchInvoice } from '../api/download-invoice'

const w = invoiceWords

/** Whether an order has an invoice: paid (and maybe shipped); a refunded order never was. */
export const hasInvoice = (order: Pick<Order, 'paid' | 'status'>) =>
  order.paid && (order.status === 'paid' || order.status === 'shipped')

/**
 * **Invoice (PDF)** (issue 17), in My Orders and Manage Orders: fetches the PDF with the bearer
 * token and saves it; busy while it comes; a failure is a toast with Try again.
 */
export function InvoiceButton({ order, label }: { order: Order; label?: string }) {
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      const { blob, fileName } = await fetchInvoice(order._id)
      saveBlob(blob, fileName)
    } catch (error) {
      toast.error(
        ({ closeToast }) => (
          <div className="flex flex-wrap items-center gap-2">
            <span>
              {w.downloadFailed} {getErrorMessage(error)}
            </span>
            <button
              type="button"
              className="btn btn-xs"
              onClick={() => {
                closeToast()
                void download()
              }}
            >
              {w.retry}
            </button>
          </div>
        ),
        { toastId: `invoice-${order._id}` },
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      disabled={busy}
      aria-busy={busy}
      aria-label={w.invoiceFor(label ?? order.tools)}
      onClick={() => void download()}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {busy ? w.downloading : w.invoicePdf}
    </button>
  )
}
