import { invoicePdfPath } from '@toolworks/shared'

import { fetchFile, fileNameOf } from '@/lib/fetch-file'

/**
 * GET /api/purchase/{id}/invoice.pdf with the bearer token: invoices are the
 * owner's and admins' only. Answers the file and the name the server gave it.
 */
export async function fetchInvoice(orderId: string): Promise<{ blob: Blob; fileName: string }> {
  const { blob, disposition } = await fetchFile(invoicePdfPath(orderId))
  return { blob, fileName: fileNameOf(disposition, `invoice-${orderId}.pdf`) }
}
