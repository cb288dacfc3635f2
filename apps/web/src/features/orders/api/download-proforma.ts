import { bankTransferWords, paymentsContract } from '@toolworks/shared'

import { fetchFile, fileNameOf } from '@/lib/fetch-file'

/** The proforma's path for an order (the server answers the same one as `proformaUrl`). */
export const proformaPath = (orderId: string) =>
  paymentsContract.proforma.path.replace(':id', encodeURIComponent(orderId))

/**
 * GET /api/purchase/{id}/proforma.pdf with the bearer token, as the invoice is fetched
 * (download-invoice.ts): the owner's and admins' only. Answers the file and its name.
 */
export async function fetchProforma(path: string): Promise<{ blob: Blob; fileName: string }> {
  const { blob, disposition } = await fetchFile(path)
  return { blob, fileName: fileNameOf(disposition, bankTransferWords.proforma.fileName('order')) }
}
