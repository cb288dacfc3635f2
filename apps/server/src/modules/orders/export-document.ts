import {
  exportDocumentOf,
  exportDocumentText,
  exportWords,
  isExportTo,
  isId,
  messages,
  orderNumberText,
  type ExportDocumentBody,
} from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { writeAuditedUpdate, type AuditActor } from '../audit/audit.service.js'
import { lockOrder, setExportDocument, type OrderWithLines } from './orders.queries.js'

/**
 * Records an export's airway or shipping bill (PUT /api/purchase/{id}/export-document) under
 * the order's lock, with its audit row in the same transaction; the same document again changes
 * nothing and writes no row. Only an export that is not cancelled takes one: it is what lets
 * the order ship (orders.queries.ts, mayShip).
 */
export async function recordExportDocument(
  db: Db,
  actor: AuditActor,
  id: string,
  document: ExportDocumentBody,
): Promise<OrderWithLines> {
  return db.transaction(async (tx) => {
    const locked = isId(id) ? await lockOrder(tx, id) : undefined
    if (!locked) throw new AppError('NOT_FOUND', messages.orderRules.orderNotFound)
    if (!isExportTo(locked.country)) throw new AppError('CONFLICT', exportWords.notAnExport)
    if (locked.status === 'cancelled')
      throw new AppError('CONFLICT', exportWords.documentOnCancelled)
    const before = exportDocumentOf(locked)
    if (before?.kind === document.kind && before.number === document.number) return locked
    const changed = await setExportDocument(tx, id, document)
    if (!changed) throw new Error('a locked order was not updated')
    await writeAuditedUpdate(
      tx,
      actor,
      {
        kind: 'order.export-document',
        subjectType: 'order',
        subjectId: id,
        summary: exportWords.documentRecorded(
          orderNumberText(locked.orderNumber),
          exportDocumentText(document),
        ),
      },
      { exportDocumentKind: before?.kind ?? null, exportDocumentNumber: before?.number ?? null },
      { exportDocumentKind: document.kind, exportDocumentNumber: document.number },
    )
    return { ...changed, lines: locked.lines }
  })
}
