import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'

import { bytea, timestamps } from './columns.js'

/**
 * Image variants. The key is `<content hash>-<width>.webp`: the same picture is stored once.
 * The bytes are in the blob store under `sha256`; `data` held them before and is
 * emptied by the start-up move (modules/blobs/blob-move.ts): exactly one of the two is set.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The blob store's key: the SHA-256 of the bytes, lower-case hex. */
    sha256: text('sha256'),
    /** Before the blob store only; null once moved to the blob store. Dropped in a later release. */
    data: bytea('data'),
    ...timestamps,
  },
  (t) => [
    check('media_files_bytes_somewhere', sql`num_nonnulls(${t.sha256}, ${t.data}) = 1`),
    check('media_files_sha256_shape', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)
