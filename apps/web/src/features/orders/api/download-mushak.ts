import { mushakPdfPath } from '@toolworks/shared'

import { fetchFile, fileNameOf } from '@/lib/fetch-file'

/**
 * GET /api/purchase/{id}/mushak-6.3.pdf with the bearer token: the owner's and
 * admins' only. Answers the file and the name the server gave it.
 */
export async function fetchMushak(orderId: string): Promise<{ blob: Blob; fileName: string }> {
  const { blob, disposition } = await fetchFile(mushakPdfPath(orderId))
  return { blob, fileName: fileNameOf(disposition, `mushak-6.3-${orderId}.pdf`) }
}
