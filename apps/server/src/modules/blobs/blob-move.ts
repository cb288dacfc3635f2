import type { FastifyBaseLogger } from 'fastify'

import type { Db } from '../../db/client.js'
import type { BlobStore } from './blob-store.js'
import {
  BYTES_TABLES,
  markBytesMoved,
  readBytesChunk,
  rowsWithBytes,
  type BytesTable,
} from './blobs.queries.js'

/** A row's bytes are read this much at a time: bounded memory whatever the file's size. */
export const MOVE_CHUNK_BYTES = 1024 * 1024
const BATCH_ROWS = 50

export type MoveResult = { media: number; drawings: number }

/**
 * Moves the file bytes still held in database rows (from before the blob store) to the blob store:
 * every start runs it, and it finds nothing once everything has moved. Row by row: the bytes
 * are read in pieces, written to the store and made durable; only then does one update name the
 * blob and empty the row. A crash at any point loses nothing (the row keeps its bytes until
 * that update), and the next start continues with the rows left. Two processes starting together
 * may both write a blob (the same bytes, the same key); only one update changes the row.
 */
export async function moveBytesToBlobs({
  db,
  blobs,
  log,
  chunkBytes = MOVE_CHUNK_BYTES,
}: {
  db: Db
  blobs: BlobStore
  log?: FastifyBaseLogger
  /** Test hook: smaller pieces. */
  chunkBytes?: number
}): Promise<MoveResult> {
  await blobs.sweepStaging()
  const moved = { media_files: 0, quote_drawings: 0 }
  for (const table of Object.keys(BYTES_TABLES) as BytesTable[]) {
    const skipped = new Set<string>()
    for (;;) {
      const rows = (await rowsWithBytes(db, table, BATCH_ROWS + skipped.size)).filter(
        (r) => !skipped.has(r.id),
      )
      if (rows.length === 0) break
      for (const row of rows) {
        const staged = await blobs.stage()
        try {
          for (let offset = 0; offset < row.size; offset += chunkBytes) {
            const chunk = await readBytesChunk(db, table, row.id, offset, chunkBytes)
            await staged.write(chunk)
          }
          const ref = await staged.finish()
          if (ref.size !== row.size) {
            // Changed or deleted while being read: left for the next start, never half-moved.
            skipped.add(row.id)
            continue
          }
          await staged.commit()
          if (await markBytesMoved(db, table, row.id, ref.key)) moved[table] += 1
        } finally {
          await staged.discard()
        }
      }
      if (log && moved[table] > 0 && moved[table] % 500 === 0)
        log.info({ table, moved: moved[table] }, 'moving file bytes to the blob store')
    }
  }
  return { media: moved.media_files, drawings: moved.quote_drawings }
}
