import { eq } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { mediaFiles } from '../../db/schema/index.js'

/** A picture variant's row: its bytes are in the blob store under `sha256`. */
export type MediaVariant = {
  key: string
  contentType: string
  width: number
  height: number
  byteSize: number
  sha256: string
}

export async function insertMediaVariants(db: DbOrTx, variants: MediaVariant[]): Promise<void> {
  if (variants.length === 0) return
  // The key is a content hash: a second upload of the same picture changes nothing.
  await db.insert(mediaFiles).values(variants).onConflictDoNothing({ target: mediaFiles.key })
}

export async function findMedia(
  db: DbOrTx,
  key: string,
): Promise<{ contentType: string; byteSize: number; sha256: string | null } | undefined> {
  const [row] = await db
    .select({
      contentType: mediaFiles.contentType,
      byteSize: mediaFiles.byteSize,
      sha256: mediaFiles.sha256,
    })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key))
    .limit(1)
  return row
}

export async function mediaExists(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: mediaFiles.key })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key))
    .limit(1)
  return row !== undefined
}
