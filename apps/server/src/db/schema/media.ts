import { integer, pgTable, text } from 'drizzle-orm/pg-core'

import { bytea, timestamps } from './columns.js'

/**
 * Image variants stored in the database so any server process serves any image.
 * The key is `<content hash>-<width>.webp`: the same picture is stored once.
 */
export const mediaFiles = pgTable('media_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  ...timestamps,
})
