import { fetchFile } from '@/lib/fetch-file'

/** Where one drawing is served (owner and admins only, so never a plain link). */
export const drawingUrl = (quoteId: string, drawingId: string) =>
  `/api/quote/${encodeURIComponent(quoteId)}/drawing/${encodeURIComponent(drawingId)}`

/**
 * GET /api/quote/{id}/drawing/{drawingId} with the bearer token: drawings are private. The
 * caller makes an object URL of it to save or preview.
 */
export async function fetchDrawing(
  quoteId: string,
  drawingId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  return (await fetchFile(drawingUrl(quoteId, drawingId), { signal })).blob
}
