import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { blobBytes, sha256 } from '../../../test/blobs.js'
import { s3BlobStore, startS3Stand } from '../../../test/s3.js'
import type { BlobStore } from './blob-store.js'
import { createFsBlobStore } from './fs-blob-store.js'

/**
 * What every blob store promises (blob-store.ts), run against the folder store and the S3
 * store on a local stand-in (s3rver): the callers (media, drawings, documents, the move) may
 * not tell them apart.
 */
type Kind = 'folder' | 's3'

let stand: Awaited<ReturnType<typeof startS3Stand>>
const clients: { destroy(): void }[] = []

beforeAll(async () => {
  stand = await startS3Stand()
})
afterAll(async () => {
  for (const c of clients) c.destroy()
  await stand.close()
})

let buckets = 0
async function freshStore(kind: Kind): Promise<BlobStore> {
  if (kind === 'folder') return createFsBlobStore(mkdtempSync(path.join(os.tmpdir(), 'tw-blobs-')))
  // One bucket per test: each starts empty.
  const { CreateBucketCommand } = await import('@aws-sdk/client-s3')
  const bucket = `contract-${(buckets += 1)}`
  const s3 = s3BlobStore({ ...stand.settings, bucket })
  clients.push(s3)
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }))
  return s3.store
}

describe.each<Kind>(['folder', 's3'])('the %s blob store', (kind) => {
  test('a blob is invisible until committed, then found by its SHA-256; the same bytes once', async () => {
    const store = await freshStore(kind)
    const bytes = randomBytes(200_000)
    const key = sha256(bytes)
    const blob = await store.stage({ headBytes: 10 })
    await blob.write(bytes.subarray(0, 7))
    await blob.write(bytes.subarray(7))
    expect(blob.size).toBe(bytes.length)
    expect(blob.head().equals(bytes.subarray(0, 10))).toBe(true)
    expect(await blob.finish()).toEqual({ key, size: bytes.length })
    expect(await store.stat(key)).toBeUndefined()
    expect(await store.open(key)).toBeUndefined()
    expect(await blob.commit()).toEqual({ key, size: bytes.length })
    expect(await store.stat(key)).toEqual({ size: bytes.length })
    expect((await blobBytes(store, key))?.equals(bytes)).toBe(true)
    expect((await store.read(key))?.equals(bytes)).toBe(true)
    // Stored again: the same key, and nothing staged is left behind.
    expect(await store.put(bytes)).toEqual({ key, size: bytes.length })
    expect(await store.put(toChunks(bytes, 4096))).toEqual({ key, size: bytes.length })
    expect(await store.sweepStaging(0)).toBe(0)
  })

  test('remove deletes a blob once; unknown and malformed keys are not found', async () => {
    const store = await freshStore(kind)
    const { key } = await store.put(Buffer.from('a drawing to delete'))
    expect(await store.remove(key)).toBe(true)
    expect(await store.remove(key)).toBe(false)
    expect(await store.stat(key)).toBeUndefined()
    expect(await store.open(key)).toBeUndefined()
    expect(await store.read(key)).toBeUndefined()
    expect(await store.open('0'.repeat(64))).toBeUndefined()
    expect(await store.read('../../etc/passwd')).toBeUndefined()
    expect(await store.stat('ABC')).toBeUndefined()
    expect(await store.remove('staging/x')).toBe(false)
  })

  test('a discarded blob leaves nothing and cannot be committed', async () => {
    const store = await freshStore(kind)
    const bytes = Buffer.from('half an upload')
    const blob = await store.stage()
    await blob.write(bytes)
    await blob.discard()
    await expect(blob.commit()).rejects.toThrow()
    expect(await store.stat(sha256(bytes))).toBeUndefined()
    expect(await store.sweepStaging(0)).toBe(0)
    // Discarded after finishing (a refused upload: its type sniffed wrong): also nothing left.
    const refused = await store.stage()
    await refused.write(bytes)
    await refused.finish()
    await refused.discard()
    expect(await store.stat(sha256(bytes))).toBeUndefined()
    expect(await store.sweepStaging(0)).toBe(0)
  })

  test('what a crash left staged is swept when old enough, and not before', async () => {
    const store = await freshStore(kind)
    const left = await store.stage()
    await left.write(Buffer.from('left by a crash'))
    // The S3 store's bytes reach the bucket once finished (a short upload is one request).
    await left.finish()
    expect(await store.sweepStaging()).toBe(0)
    expect(await store.sweepStaging(0)).toBe(1)
    expect(await store.sweepStaging(0)).toBe(0)
  })
})

async function* toChunks(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}
