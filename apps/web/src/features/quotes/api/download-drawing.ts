import { ErrorBodySchema } from '@toolworks/shared'

import { getAccessToken } from '@/lib/access-token'
import { ApiError, codeForStatus } from '@/lib/api-error'

/** Where one drawing is served (owner and admins only, so never a plain link). */
export const drawingUrl = (quoteId: string, drawingId: string) =>
  `/api/quote/${encodeURIComponent(quoteId)}/drawing/${encodeURIComponent(drawingId)}`

/**
 * GET /api/quote/{id}/drawing/{drawingId} as a Blob with the bearer token: drawings are private,
 * and a plain `<a href>` or `<img src>` cannot send the token. The caller makes an object URL
 * of it to save or preview. `api.call` reads JSON only, hence this one fetch.
 */
export async function fetchDrawing(
  quoteId: string,
  drawingId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const headers = new Headers()
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let response: Response
  try {
    response = await fetch(new URL(drawingUrl(quoteId, drawingId), window.location.origin), {
      headers,
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'NETWORK' })
  }
  if (!response.ok) {
    let body: unknown
    try {
      body = await response.json()
    } catch {
      body = undefined
    }
    const parsed = ErrorBodySchema.safeParse(body)
    throw parsed.success
      ? new ApiError({ status: response.status, ...parsed.data.error })
      : new ApiError({ status: response.status, code: codeForStatus(response.status) })
  }
  return response.blob()
}
