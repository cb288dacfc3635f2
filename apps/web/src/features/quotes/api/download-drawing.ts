import { fetchFile, fileNameOf } from '@/lib/fetch-file'

/** Where one drawing is served (owner and admins only, so never a plain link). */
export const drawingUrl = (quoteId: string, drawingId: string) =>
  `/api/quote/${encodeURIComponent(quoteId)}/drawing/${encodeURIComponent(drawingId)}`

/**
 * GET /api/quote/{id}/drawing/{drawingId} with the bearer token: drawings are private. The
 * caller makes an object URL of it to save or preview. `name` is the one the server gave in
 * Content-Disposition (the stem and the extension of what the bytes are), falling
 * back to the server's name in the request's view.
 */
export async function fetchDrawing(
  quoteId: string,
  drawing: { _id: string; name: string },
  signal?: AbortSignal,
): Promise<{ blob: Blob; name: string }> {
  const { blob, disposition } = await fetchFile(drawingUrl(quoteId, drawing._id), { signal })
  return { blob, name: fileNameOf(disposition, drawing.name) }
}
