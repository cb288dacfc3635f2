import { creditNotePdfPath } from '@toolworks/shared'

import { fetchFile, fileNameOf } from '@/lib/fetch-file'

/**
 * GET /api/purchase/{id}/mushak-6.7.pdf with the bearer token: the credit note of a cancelled
 * paid domestic order, the owner's and admins' only. Answers the file and the server's name.
 */
export async function fetchCreditNote(orderId: string): Promise<{ blob: Blob; fileName: string }> {
  const { blob, disposition } = await fetchFile(creditNotePdfPath(orderId))
  return { blob, fileName: fileNameOf(disposition, `mushak-6.7-${orderId}.pdf`) }
}
