import { z } from 'zod'

import { documentMessages as dm } from './messages-documents.js'
import { DOCUMENT_KINDS, ToolDocumentSchema } from './search.js'

/**
 * A tool's uploaded documents: a datasheet, CAD file, manual or certificate, checked
 * by its bytes like a quote's drawings, kept in the blob store and served as an attachment.
 */

/** The largest document the server takes (the same as one quote drawing). */
export const PRODUCT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024
/** A tool lists at most this many documents, uploaded and linked together. */
export const PRODUCT_DOCUMENTS_MAX = 20
/** The multipart field of the file; `kind` and `name` are text fields beside it. */
export const PRODUCT_DOCUMENT_FIELD = 'file'
/** What a document's bytes may be, by their content (never the name or the browser's type). */
export const PRODUCT_DOCUMENT_FILE_TYPES = ['pdf', 'step', 'dxf', 'png', 'jpeg'] as const
export type ProductDocumentFileType = (typeof PRODUCT_DOCUMENT_FILE_TYPES)[number]
/** For `<input type="file" accept>`. */
export const PRODUCT_DOCUMENT_ACCEPT = '.pdf,.step,.stp,.dxf,.png,.jpg,.jpeg'

/** The route a stored document is served from; its url in the tool's `documents`. */
export const productDocumentUrl = (toolId: string, documentId: string) =>
  `/api/tool/${toolId}/documents/${documentId}`
/** The id of a stored document of `toolId` named by `url`, or undefined for a linked one. */
export function storedDocumentId(toolId: string, url: string): string | undefined {
  const prefix = `/api/tool/${toolId}/documents/`
  return url.startsWith(prefix) ? url.slice(prefix.length) : undefined
}

export const ProductDocumentFieldsSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: dm.kindRequired }),
  name: z.string({ error: dm.nameBad }).trim().min(1, dm.nameBad).max(120, dm.nameBad).optional(),
})

/** The answer of an upload: the tool's `documents` entry and what the server made of the file. */
export const ProductDocumentSchema = ToolDocumentSchema.extend({
  _id: z.string(),
  fileName: z.string(),
  fileType: z.enum(PRODUCT_DOCUMENT_FILE_TYPES),
  size: z.number().int(),
})
export type ProductDocument = z.infer<typeof ProductDocumentSchema>

export const ProductDocumentParamsSchema = z.object({
  id: z.string(),
  documentId: z.string(),
})

export const productDocumentsContract = {
  upload: {
    method: 'POST',
    path: '/api/tool/:id/documents',
    params: z.object({ id: z.string() }),
    response: ProductDocumentSchema,
  },
  download: {
    method: 'GET',
    path: '/api/tool/:id/documents/:documentId',
    params: ProductDocumentParamsSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/tool/:id/documents/:documentId',
    params: ProductDocumentParamsSchema,
    response: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() }),
  },
} as const
