import multipart, { type FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Multipart uploads, in one place: the reader's limits, the route's body limit,
 * and reading one file so that a refusal still reads the rest of the body (a client that is
 * still sending gets its answer: plugins/lingering-close.ts). The quote form's drawings, many
 * files streamed to the blob store, use `registerUploads` and `uploadBodyLimit` too.
 */

/** Room for the multipart framing and headers around the file itself. */
const FRAMING_BYTES = 64 * 1024

/**
 * Registers the multipart reader inside the calling module only (no other route accepts
 * multipart bodies), with one file of at most `fileSize` bytes unless `limits` say otherwise.
 */
export function registerUploads(
  app: FastifyInstance,
  { fileSize, ...limits }: NonNullable<FastifyMultipartOptions['limits']> & { fileSize: number },
) {
  return app.register(multipart, {
    limits: { fileSize, files: 1, fields: 0, parts: 1, headerPairs: 100, ...limits },
  })
}

/** A route's `bodyLimit` for uploads of `maxBytes`: the reader enforces the file's own limit. */
export const uploadBodyLimit = (maxBytes: number) => maxBytes + FRAMING_BYTES

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code

/** Whether the multipart reader stopped a file at its size limit. */
export const isFileTooLarge = (error: unknown) => errorCode(error) === 'FST_REQ_FILE_TOO_LARGE'

/**
 * The one file of a single-file upload, in memory: its browser name and bytes. `missing` answers
 * a body that is not multipart, is broken, or has no file in `field` (the file's bytes are read
 * and dropped first); `tooLarge` a file over the registered limit. Both must throw.
 */
export async function readOneFile(
  request: FastifyRequest,
  { field, missing, tooLarge }: { field: string; missing: () => never; tooLarge: () => never },
): Promise<{ filename: string; bytes: Buffer }> {
  // A broken multipart body (no boundary, cut short) is the client's error, not ours.
  const file = request.isMultipart() ? await request.file().catch(missing) : undefined
  if (!file || file.fieldname !== field) {
    file?.file.resume()
    return missing()
  }
  const bytes = await file.toBuffer().catch((error: unknown) => {
    if (isFileTooLarge(error)) return tooLarge()
    return missing()
  })
  if (file.file.truncated) tooLarge()
  return { filename: file.filename, bytes }
}
