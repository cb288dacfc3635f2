import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import path from 'node:path'

import {
  BLOB_KEY_PATTERN,
  blobDigest,
  putByStaging,
  type BlobRef,
  type BlobStore,
  type StageOptions,
  type StagedBlob,
} from './blob-store.js'

/** Staged files live here, inside the store's folder, so a commit is a rename on one disk. */
const STAGING = '.staging'

/** Staged files older than this belong to no upload still running (a crash left them). */
export const STALE_STAGING_MS = 60 * 60 * 1000

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT'

/**
 * The default blob store: a folder (DATA_DIR/blobs), one file per blob at `ab/cd/<key>`.
 * A blob is written to a staged file, fsynced, renamed into place and its folder fsynced, so a
 * crash leaves either the whole blob or none (and perhaps a staged file, swept later).
 */
export function createFsBlobStore(root: string): BlobStore {
  const staging = path.join(root, STAGING)
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key)

  function checkedFile(key: string): string | undefined {
    return BLOB_KEY_PATTERN.test(key) ? fileOf(key) : undefined
  }

  async function stage({ headBytes = 0 }: StageOptions = {}): Promise<StagedBlob> {
    await mkdir(staging, { recursive: true })
    const tempFile = path.join(staging, `${Date.now()}-${randomBytes(8).toString('hex')}`)
    let handle: FileHandle | undefined = await open(tempFile, 'wx', 0o600)
    const digest = blobDigest(headBytes)
    let finished: BlobRef | undefined
    let state: 'open' | 'committed' | 'discarded' = 'open'

    async function closeHandle() {
      const h = handle
      handle = undefined
      await h?.close()
    }

    const blob: StagedBlob = {
      get size() {
        return digest.size
      },
      head: digest.head,
      async write(chunk) {
        if (state !== 'open' || finished || !handle) throw new Error('blob is no longer open')
        const bytes = digest.take(chunk)
        let written = 0
        while (written < bytes.length) {
          const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
          written += bytesWritten
        }
      },
      async finish() {
        if (finished) return finished
        if (!handle) throw new Error('blob is no longer open')
        await handle.sync()
        await closeHandle()
        finished = digest.ref()
        return finished
      },
      async commit() {
        if (state === 'discarded') throw new Error('blob was discarded')
        const ref = await blob.finish()
        if (state === 'committed') return ref
        const target = fileOf(ref.key)
        const existing = await stat(target).catch(() => undefined)
        if (existing?.size === ref.size) {
          // The same bytes are stored once.
          await rm(tempFile, { force: true })
        } else {
          const dir = path.dirname(target)
          const created = await mkdir(dir, { recursive: true })
          await rename(tempFile, target)
          await fsyncDir(dir)
          // New folders are entries of their parents: those must reach the disk too.
          if (created) {
            await fsyncDir(path.dirname(dir))
            await fsyncDir(root)
          }
        }
        state = 'committed'
        return ref
      },
      async discard() {
        if (state !== 'open') return
        state = 'discarded'
        await closeHandle().catch(() => {})
        await rm(tempFile, { force: true })
      },
    }
    return blob
  }

  return {
    location: root,
    stage,
    put: (source, options) => putByStaging(stage, source, options),
    async stat(key) {
      const file = checkedFile(key)
      if (!file) return undefined
      const found = await stat(file).catch((error: unknown) => {
        if (isMissing(error)) return undefined
        throw error
      })
      return found?.isFile() ? { size: found.size } : undefined
    },
    async open(key) {
      const file = checkedFile(key)
      if (!file) return undefined
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return undefined
        throw error
      })
      if (!handle) return undefined
      const { size } = await handle.stat()
      // The stream owns the handle and closes it at its end or when destroyed.
      return { stream: createReadStream('', { fd: handle, autoClose: true }), size }
    },
    async remove(key) {
      const file = checkedFile(key)
      if (!file) return false
      const found = await stat(file).catch(() => undefined)
      if (!found?.isFile()) return false
      await rm(file, { force: true })
      await fsyncDir(path.dirname(file))
      return true
    },
    async read(key) {
      const file = checkedFile(key)
      if (!file) return undefined
      return readFile(file).catch((error: unknown) => {
        if (isMissing(error)) return undefined
        throw error
      })
    },
    async sweepStaging(olderThanMs: number = STALE_STAGING_MS) {
      const names = await readdir(staging).catch(() => [] as string[])
      let removed = 0
      for (const name of names) {
        const file = path.join(staging, name)
        const info = await stat(file).catch(() => undefined)
        if (info && Date.now() - info.mtimeMs >= olderThanMs) {
          await rm(file, { force: true })
          removed += 1
        }
      }
      return removed
    },
  }
}
