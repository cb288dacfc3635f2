import { sql } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'

/**
 * The tables whose rows held file bytes (`data`, bytea) before the blob store, and each one's key
 * column. Their bytes move to the blob store at start-up (blob-move.ts).
 */
export const BYTES_TABLES = {
  media_files: 'key',
  quote_drawings: 'id',
} as const

export type BytesTable = keyof typeof BYTES_TABLES

/** Up to `limit` rows whose bytes are still in the row, with their sizes. */
export async function rowsWithBytes(
  db: DbOrTx,
  table: BytesTable,
  limit: number,
): Promise<{ id: string; size: number }[]> {
  const id = sql.identifier(BYTES_TABLES[table])
  const rows = await selectRows<{ id: string; size: number }>(
    db,
    sql`select ${id}::text as id, octet_length(data)::int as size from ${sql.identifier(table)}
        where data is not null order by ${id} limit ${limit}`,
  )
  return rows.map((r) => ({ id: r.id, size: Number(r.size) }))
}

/**
 * `length` bytes of a row's bytes from `offset` (0-based): a large value is read in pieces,
 * never bound or returned whole (PGlite converts a bytea to hex one byte at a time).
 */
export async function readBytesChunk(
  db: DbOrTx,
  table: BytesTable,
  rowId: string,
  offset: number,
  length: number,
): Promise<Buffer> {
  const id = sql.identifier(BYTES_TABLES[table])
  const [row] = await selectRows<{ chunk: Uint8Array | null }>(
    db,
    sql`select substring(data from ${offset + 1}::int for ${length}::int) as chunk
        from ${sql.identifier(table)} where ${id} = ${rowId}`,
  )
  const chunk = row?.chunk
  return chunk ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.alloc(0)
}

/**
 * Names the blob that now holds a row's bytes and empties the row, in one update, only while
 * the bytes are still there (a second process doing the same finds nothing to change).
 */
export async function markBytesMoved(
  db: DbOrTx,
  table: BytesTable,
  rowId: string,
  sha256: string,
): Promise<boolean> {
  const id = sql.identifier(BYTES_TABLES[table])
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update ${sql.identifier(table)} set sha256 = ${sha256}, data = null
        where ${id} = ${rowId} and data is not null returning ${id}::text as id`,
  )
  return rows.length > 0
}

/**
 * Every blob key a row names (pictures' variants and imported pictures, drawings, product
 * documents), each once, after `after` in key order, with a type to store it as: the move
 * between stores (storage-move.ts) walks them in pages, so it can start again anywhere.
 */
export async function blobKeysAfter(
  db: DbOrTx,
  after: string,
  limit: number,
): Promise<{ key: string; contentType: string }[]> {
  return selectRows<{ key: string; contentType: string }>(
    db,
    sql`select sha256 as key, min(content_type) as "contentType" from (
          select sha256, content_type from media_files where sha256 is not null
          union all select sha256, content_type from quote_drawings where sha256 is not null
          union all select sha256, content_type from tool_documents
        ) named where sha256 > ${after} group by sha256 order by sha256 limit ${limit}`,
  )
}

/** How many distinct blob keys rows name (the move's progress is out of this). */
export async function countBlobKeys(db: DbOrTx): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(distinct sha256)::int as n from (
          select sha256 from media_files union all select sha256 from quote_drawings
          union all select sha256 from tool_documents
        ) named`,
  )
  return Number(row?.n ?? 0)
}
