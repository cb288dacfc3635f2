import {
  documentMessages as dm,
  messages,
  PRODUCT_DOCUMENT_FIELD,
  PRODUCT_DOCUMENT_FILE_TYPES,
  PRODUCT_DOCUMENT_MAX_BYTES,
  ProductDocumentFieldsSchema,
  productDocumentsContract,
  type ProductDocumentFileType,
} from '@toolworks/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { AppError } from '../../lib/app-error.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import { isFileTooLarge, registerUploads, uploadBodyLimit } from '../../lib/uploads.js'
import type { BlobStore, StagedBlob } from '../blobs/blob-store.js'
import { cleanDrawingName, contentDisposition } from '../quotes/drawing-names.js'
import { sniffDrawing, SNIFF_BYTES } from '../quotes/drawing-types.js'
import type { ProductDocumentsService } from './product-documents.service.js'

type Deps = { documents: ProductDocumentsService; blobs: BlobStore }

const MB = 1024 * 1024
const F = PRODUCT_DOCUMENT_FIELD

const refused = (field: string, message: string, code: 'VALIDATION_FAILED' = 'VALIDATION_FAILED') =>
  new AppError(code, message, { [field]: message })
const tooLarge = () => {
  const message = dm.tooLarge(PRODUCT_DOCUMENT_MAX_BYTES / MB)
  return new AppError('PAYLOAD_TOO_LARGE', message, { [F]: message })
}

function readError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (isFileTooLarge(error)) return tooLarge()
  return refused(F, dm.missingFile)
}

/**
 * Reads the form: the text fields `kind` and `name` (before or after the file) and the one
 * file of `file`, streamed to a staged blob up to the limit with only its first bytes kept in
 * memory, as a quote's drawings are. A refusal stops the reading; the rest of the body is
 * drained before the answer goes (plugins/lingering-close.ts).
 */
async function readForm(request: FastifyRequest, blobs: BlobStore, staged: StagedBlob[]) {
  const fields: Record<string, string> = {}
  let file: { filename: string; blob: StagedBlob } | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value)
        continue
      }
      if (part.fieldname !== F || file) {
        part.file.resume()
        throw refused(F, dm.missingFile)
      }
      const blob = await blobs.stage({ headBytes: SNIFF_BYTES })
      staged.push(blob)
      // One chunk at a time: the reader waits for each write (backpressure).
      for await (const chunk of part.file) {
        if (part.file.truncated) continue
        await blob.write(chunk as Buffer)
      }
      if (part.file.truncated) throw tooLarge()
      file = { filename: part.filename, blob }
    }
  } catch (error) {
    throw readError(error)
  }
  return { fields, file }
}

const fileTypes: readonly string[] = PRODUCT_DOCUMENT_FILE_TYPES

export const productDocumentsRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { documents, blobs },
) => {
  const c = productDocumentsContract
  // Registered inside this module only: one file and the two text fields beside it.
  await registerUploads(app, {
    fileSize: PRODUCT_DOCUMENT_MAX_BYTES,
    files: 1,
    fields: 2,
    fieldSize: 1024,
    parts: 3,
  })

  app.post(
    c.upload.path,
    {
      onRequest: app.requireAdmin,
      // The reader enforces the file's limit; this declares the route's size so a refused
      // upload is still read to its end and its answer reaches the browser.
      bodyLimit: uploadBodyLimit(PRODUCT_DOCUMENT_MAX_BYTES),
      schema: {
        tags: ['catalog'],
        summary: 'Upload a document of a tool (admin): multipart "file", "kind" and "name"',
        description:
          "kind: datasheet, cad, manual or certificate; name: 1-120 characters (the file name without its extension when left out). The file: PDF, STEP, DXF, PNG or JPG, checked by its content, at most 20 MB. A tool lists at most 20 documents (409). The answer is the entry now in the tool's `documents`, served by GET /api/tool/{id}/documents/{documentId}.",
        consumes: ['multipart/form-data'],
        params: c.upload.params,
        response: { 201: c.upload.response, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const staged: StagedBlob[] = []
      try {
        const { fields, file } = await readForm(request, blobs, staged)
        const parsed = ProductDocumentFieldsSchema.safeParse({
          kind: fields.kind,
          name: fields.name === '' ? undefined : fields.name,
        })
        if (!parsed.success) {
          const issue = parsed.error.issues[0]
          const field = String(issue?.path[0] ?? 'kind')
          throw refused(field, issue?.message ?? messages.errors.VALIDATION_FAILED)
        }
        if (!file || file.blob.size === 0) throw refused(F, dm.missingFile)
        await file.blob.finish()
        const sniffed = sniffDrawing(file.blob.head(), file.blob.size)
        if (sniffed === null || !fileTypes.includes(sniffed))
          throw refused(F, dm.notAccepted(cleanDrawingName(file.filename, 'pdf', 0)))
        const created = await documents.add(actorOf(request), request.params.id, {
          kind: parsed.data.kind,
          name: parsed.data.name,
          filename: file.filename,
          fileType: sniffed as ProductDocumentFileType,
          blob: file.blob,
        })
        request.log.info({ tool: request.params.id, document: created._id }, 'document uploaded')
        return reply.code(201).send(created)
      } finally {
        await Promise.all(staged.map((blob) => blob.discard()))
      }
    },
  )

  app.get(
    c.download.path,
    {
      schema: {
        tags: ['catalog'],
        summary: "A tool's uploaded document: an attachment of its sniffed type (public)",
        params: c.download.params,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await documents.open(request.params.id, request.params.documentId)
      // The type is the sniffed one and nosniff holds the browser to it; the sandbox keeps a
      // file opened directly from running anything with the shop's origin. A document's bytes
      // never change under its id (a new upload is a new id).
      return reply
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Content-Length', String(file.size))
        .type(file.contentType)
        .send(file.stream)
    },
  )

  app.delete(
    c.remove.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: "Delete a tool's uploaded document (admin); its file goes too",
        params: c.remove.params,
        response: { 200: c.remove.response, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      documents.remove(actorOf(request), request.params.id, request.params.documentId),
  )
}
