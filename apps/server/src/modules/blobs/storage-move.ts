import { createHash } from 'node:crypto'

import type { Db } from '../../db/client.js'
import type { BlobStore } from './blob-store.js'
import { blobKeysAfter, countBlobKeys } from './blobs.queries.js'

const PAGE = 200

export type StorageMoveResult = {
  /** Distinct blob keys the rows name. */
  total: number
  /** Copied (and verified) by this run. */
  copied: number
  /** Already in the target store (a run before this one, or the same bytes stored twice). */
  present: number
  /** Keys a row names that neither store holds: reported, never invented. */
  missing: string[]
}

export class StorageMoveError extends Error {}

async function hashOf(store: BlobStore, key: string): Promise<string | undefined> {
  const opened = await store.open(key)
  if (!opened) return undefined
  const hash = createHash('sha256')
  for await (const chunk of opened.stream) hash.update(chunk as Uint8Array)
  return hash.digest('hex')
}

/**
 * Copies every blob a row names from one store to the other (`npm run storage:move`).
 *
 * Rows name bytes by their SHA-256, not by where they are: the store the configuration names
 * serves every row, so there is no per-row switch to make and no column to add. What makes the
 * switch safe instead:
 * - Verified copies. The bytes stream from the source into the target's staging, hashed on the
 *   way: a source whose bytes do not match their key is refused (nothing committed). After the
 *   commit the copy is read back from the target and hashed again.
 * - Resumable. A key the target already holds is skipped: a blob lands under its key only by a
 *   commit, which names it by the hash of the bytes that came through, so what is there is
 *   right. A run cut short (a crash, a network failure) is started again and continues; keys
 *   are walked in order, so progress is "n of total".
 * - The source is left as it is (the way back, until the operator deletes it).
 * Run it while the shop runs (the bulk), then again after stopping the shop, which copies only
 * what was stored in between, then switch S3_BUCKET and start (docs/operations.md).
 */
export async function moveStorage({
  db,
  from,
  to,
  progress = () => {},
}: {
  db: Db
  from: BlobStore
  to: BlobStore
  progress?: (line: string) => void
}): Promise<StorageMoveResult> {
  const total = await countBlobKeys(db)
  const result: StorageMoveResult = { total, copied: 0, present: 0, missing: [] }
  progress(`${total} files named by the database; from ${from.location} to ${to.location}`)
  let after = ''
  let seen = 0
  for (;;) {
    const page = await blobKeysAfter(db, after, PAGE)
    if (page.length === 0) break
    for (const { key, contentType } of page) {
      seen += 1
      after = key
      if (await to.stat(key)) {
        result.present += 1
      } else if (await copyOne(key, contentType)) {
        result.copied += 1
        progress(`[${seen}/${total}] ${key} copied and verified`)
      } else {
        result.missing.push(key)
        progress(`[${seen}/${total}] ${key} MISSING from ${from.location}`)
      }
      if (seen % 100 === 0) progress(`[${seen}/${total}] checked`)
    }
  }
  progress(
    `done: ${result.copied} copied, ${result.present} already there, ${result.missing.length} missing`,
  )
  return result

  async function copyOne(key: string, contentType: string): Promise<boolean> {
    const opened = await from.open(key)
    if (!opened) return false
    const staged = await to.stage({ contentType })
    try {
      for await (const chunk of opened.stream) await staged.write(chunk as Uint8Array)
      const ref = await staged.finish()
      if (ref.key !== key)
        throw new StorageMoveError(
          `${from.location} holds other bytes under ${key} (they hash to ${ref.key}): not copied`,
        )
      await staged.commit()
    } finally {
      opened.stream.destroy()
      await staged.discard()
    }
    const stored = await hashOf(to, key)
    if (stored !== key) {
      // Never leave a wrong copy under a key: a later run would take it as done.
      await to.remove(key)
      throw new StorageMoveError(`the copy of ${key} in ${to.location} reads back as ${stored}`)
    }
    return true
  }
}
