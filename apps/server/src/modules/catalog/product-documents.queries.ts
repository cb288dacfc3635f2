import type { ToolDocument } from '@toolworks/shared'
import { and, eq, sql } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { toolDocuments, tools } from '../../db/schema/index.js'

export type ToolDocumentRow = typeof toolDocuments.$inferSelect
export type NewToolDocument = typeof toolDocuments.$inferInsert

export async function insertToolDocument(
  tx: DbOrTx,
  values: NewToolDocument,
): Promise<ToolDocumentRow> {
  const [row] = await tx.insert(toolDocuments).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

/** A stored document of a tool still on sale. */
export async function findToolDocument(
  db: DbOrTx,
  toolId: string,
  documentId: string,
): Promise<ToolDocumentRow | undefined> {
  const [row] = await db
    .select({ document: toolDocuments })
    .from(toolDocuments)
    .innerJoin(tools, eq(tools.id, toolDocuments.toolId))
    .where(
      and(
        eq(toolDocuments.id, documentId),
        eq(toolDocuments.toolId, toolId),
        sql`${tools.deletedAt} is null`,
      ),
    )
    .limit(1)
  return row?.document
}

export async function deleteToolDocument(
  tx: DbOrTx,
  toolId: string,
  documentId: string,
): Promise<ToolDocumentRow | undefined> {
  const [row] = await tx
    .delete(toolDocuments)
    .where(and(eq(toolDocuments.id, documentId), eq(toolDocuments.toolId, toolId)))
    .returning()
  return row
}

/** Sets a locked tool's `documents` list (the served entries and the linked ones). */
export async function setToolDocuments(
  tx: DbOrTx,
  toolId: string,
  documents: ToolDocument[],
): Promise<void> {
  await tx.update(tools).set({ documents }).where(eq(tools.id, toolId))
}

/**
 * Whether any row still names the blob `sha256`: a tool's document, a quote's drawing or a
 * stored picture (equal bytes share one blob).
 */
export async function blobInUse(db: DbOrTx, sha256: string): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from tool_documents where sha256 = ${sha256})
        or exists (select 1 from quote_drawings where sha256 = ${sha256})
        or exists (select 1 from media_files where sha256 = ${sha256}) as used`,
  )
  return row?.used === true
}
