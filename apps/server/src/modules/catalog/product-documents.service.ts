import {
  activityWords,
  documentMessages as dm,
  isId,
  messages,
  PRODUCT_DOCUMENTS_MAX,
  productDocumentUrl,
  QUOTE_DRAWING_KINDS,
  storedDocumentId,
  type ProductDocument,
  type ProductDocumentFileType,
  type ToolDocument,
} from '@toolworks/shared'
import type { Readable } from 'node:stream'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { writeAuditEntry, type AuditActor } from '../audit/audit.service.js'
import type { BlobStore, StagedBlob } from '../blobs/blob-store.js'
import { drawingName } from '../quotes/drawing-names.js'
import { lockActiveTool } from './catalog.queries.js'
import {
  blobInUse,
  deleteToolDocument,
  findToolDocument,
  insertToolDocument,
  setToolDocuments,
  type ToolDocumentRow,
} from './product-documents.queries.js'

/**
 * A tool's uploaded documents. The bytes go to the blob store, a row keeps the key,
 * the sniffed type and the names, and the tool's `documents` list (what every read of a tool
 * answers) names the document by the route that serves it; row and list change in one
 * transaction with the tool locked, and the catalogue's cached answers are told after it.
 */

export const productDocumentContentType = (type: ProductDocumentFileType) =>
  QUOTE_DRAWING_KINDS[type].contentType

const toolNotFound = () => new AppError('NOT_FOUND', messages.catalog.toolNotFound)
const documentNotFound = () => new AppError('NOT_FOUND', dm.notFound)

/** The tool's list entry of a stored document. */
const entryOf = (row: ToolDocumentRow): ToolDocument => ({
  kind: row.kind as ToolDocument['kind'],
  name: row.name,
  url: productDocumentUrl(row.toolId, row.id),
})

/**
 * Writes the tool's new documents list and its audit entry, in the caller's transaction: an
 * upload and a delete change the list the same way.
 */
async function replaceDocuments(
  tx: DbOrTx,
  actor: AuditActor,
  tool: { id: string; name: string; documents: ToolDocument[] },
  documents: ToolDocument[],
): Promise<void> {
  await setToolDocuments(tx, tool.id, documents)
  await writeAuditEntry(tx, actor, {
    kind: 'product.update',
    subjectType: 'tool',
    subjectId: tool.id,
    summary: activityWords.summary.productUpdated(tool.name),
    before: { documents: tool.documents },
    after: { documents },
  })
}

export type NewProductDocument = {
  kind: ToolDocument['kind']
  /** The name shown; the upload's file name (without its extension) when not given. */
  name: string | undefined
  /** The browser's file name. */
  filename: string
  fileType: ProductDocumentFileType
  /** The staged bytes, finished; committed here. */
  blob: StagedBlob
}

export function createProductDocumentsService({
  db,
  blobs,
  catalogChanged,
}: {
  db: Db
  blobs: BlobStore
  catalogChanged: () => Promise<void>
}) {
  /** Removes a blob once no row names it any more. */
  async function releaseBlob(sha256: string): Promise<void> {
    if (!(await blobInUse(db, sha256))) await blobs.remove(sha256)
  }

  return {
    async add(
      actor: AuditActor,
      toolId: string,
      file: NewProductDocument,
    ): Promise<ProductDocument> {
      if (!isId(toolId)) throw toolNotFound()
      const fileName = drawingName(file.filename, file.fileType)
      const name = file.name ?? fileName.replace(/\.[^.]+$/, '')
      // Durable before the row names it; taken back below if the row is not written.
      const ref = await file.blob.commit()
      try {
        const row = await db.transaction(async (tx) => {
          const tool = await lockActiveTool(tx, toolId)
          if (!tool) throw toolNotFound()
          if (tool.documents.length >= PRODUCT_DOCUMENTS_MAX)
            throw new AppError('CONFLICT', dm.tooMany(PRODUCT_DOCUMENTS_MAX), {
              file: dm.tooMany(PRODUCT_DOCUMENTS_MAX),
            })
          const inserted = await insertToolDocument(tx, {
            toolId,
            kind: file.kind,
            name,
            fileName,
            fileType: file.fileType,
            contentType: productDocumentContentType(file.fileType),
            byteSize: ref.size,
            sha256: ref.key,
          })
          await replaceDocuments(tx, actor, { ...tool, id: toolId }, [
            ...tool.documents,
            entryOf(inserted),
          ])
          return inserted
        })
        await catalogChanged()
        return {
          _id: row.id,
          ...entryOf(row),
          fileName: row.fileName,
          fileType: file.fileType,
          size: row.byteSize,
        }
      } catch (error) {
        await releaseBlob(ref.key)
        throw error
      }
    },

    /** A document's download name and type, and its bytes as a stream from the blob store. */
    async open(
      toolId: string,
      documentId: string,
    ): Promise<{ fileName: string; contentType: string; size: number; stream: Readable }> {
      if (!isId(toolId) || !isId(documentId)) throw documentNotFound()
      const row = await findToolDocument(db, toolId, documentId)
      const opened = row ? await blobs.open(row.sha256) : undefined
      if (!row || !opened) throw documentNotFound()
      return {
        fileName: row.fileName,
        contentType: row.contentType,
        size: opened.size,
        stream: opened.stream,
      }
    },

    /** Deletes a stored document: its row, its entry in the tool's list, then its blob. */
    async remove(
      actor: AuditActor,
      toolId: string,
      documentId: string,
    ): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isId(toolId) || !isId(documentId)) throw documentNotFound()
      const removed = await db.transaction(async (tx) => {
        const tool = await lockActiveTool(tx, toolId)
        if (!tool) throw toolNotFound()
        const row = await deleteToolDocument(tx, toolId, documentId)
        if (!row) throw documentNotFound()
        const documents = tool.documents.filter(
          (d) => storedDocumentId(toolId, d.url) !== documentId,
        )
        await replaceDocuments(tx, actor, { ...tool, id: toolId }, documents)
        return row
      })
      await catalogChanged()
      await releaseBlob(removed.sha256)
      return { acknowledged: true, deletedCount: 1 }
    },
  }
}

export type ProductDocumentsService = ReturnType<typeof createProductDocumentsService>
