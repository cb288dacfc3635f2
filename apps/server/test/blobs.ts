import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { BlobStore } from '../src/modules/blobs/blob-store.js'
import { createFsBlobStore } from '../src/modules/blobs/fs-blob-store.js'

/** A blob store in a fresh temporary folder. */
export function tempBlobStore(): BlobStore {
  return createFsBlobStore(mkdtempSync(path.join(os.tmpdir(), 'toolworks-blobs-')))
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A blob's whole content, read through its stream. */
export async function blobBytes(blobs: BlobStore, key: string): Promise<Buffer | undefined> {
  const opened = await blobs.open(key)
  if (!opened) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
