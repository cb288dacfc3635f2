import { createHash } from 'node:crypto'

import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { blobBytes, sha256 } from '../../../test/blobs.js'
import { s3BlobStore, startS3Stand } from '../../../test/s3.js'
import { S3_PART_BYTES } from './s3-blob-store.js'

/**
 * The S3 store's own promises beyond the contract (blob-store.contract.test.ts): a large file
 * goes up as a multipart upload fed as it arrives, with a bounded amount of it in memory.
 */

let stand: Awaited<ReturnType<typeof startS3Stand>>

beforeAll(async () => {
  stand = await startS3Stand()
})
afterAll(async () => {
  await stand.close()
})

const CHUNK = 64 * 1024

/** The i-th 64 KiB piece of a 20 MB file: made when needed, never the whole file at once. */
function piece(i: number, total: number): Buffer {
  const size = Math.min(CHUNK, total - i * CHUNK)
  const bytes = Buffer.alloc(size)
  for (let o = 0; o + 4 <= size; o += 4)
    bytes.writeUInt32LE(((i * CHUNK + o) * 2654435761) >>> 0, o)
  return bytes
}

test('a 20 MB file streams up in parts, holding at most about two parts of it at any time', async ({
  onTestFinished,
}) => {
  const bucket = 'streamed'
  const s3 = s3BlobStore({ ...stand.settings, bucket }, { queueSize: 1 })
  onTestFinished(() => s3.destroy())
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }))
  // What the bucket has received so far, counted as each part's request completes.
  let received = 0
  let parts = 0
  s3.client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args)
      if (context.commandName === 'UploadPartCommand') {
        parts += 1
        received += (args.input as { Body: Uint8Array }).Body.byteLength
      }
      return result
    },
    { step: 'initialize', name: 'countParts' },
  )

  const total = 20_000_000
  const hash = createHash('sha256')
  const staged = await s3.store.stage({ headBytes: 16 })
  let written = 0
  let mostAhead = 0
  for (let i = 0; i * CHUNK < total; i += 1) {
    const bytes = piece(i, total)
    hash.update(bytes)
    await staged.write(bytes)
    written += bytes.length
    mostAhead = Math.max(mostAhead, written - received)
  }
  // Backpressure: write() waits for the upload, so the bytes accepted but not yet in the bucket
  // stay under one part being sent plus one being filled (and the stream's small buffers).
  expect(mostAhead).toBeLessThan(2 * S3_PART_BYTES + 1024 * 1024)
  const key = hash.digest('hex')
  expect(await staged.commit()).toEqual({ key, size: total })
  expect(parts).toBe(Math.ceil(total / S3_PART_BYTES))
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))
  expect(listed.Contents?.map((o) => [o.Key, o.Size])).toEqual([[key, total]])
  expect(sha256((await blobBytes(s3.store, key)) ?? Buffer.alloc(0))).toBe(key)
})

test('an upload cut off halfway is aborted: no object, and the next upload works', async ({
  onTestFinished,
}) => {
  const bucket = 'cutoff'
  const s3 = s3BlobStore({ ...stand.settings, bucket }, { queueSize: 1 })
  onTestFinished(() => s3.destroy())
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }))
  const staged = await s3.store.stage()
  for (let i = 0; i < 100; i += 1) await staged.write(piece(i, 10_000_000))
  await staged.discard()
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))
  expect(listed.Contents ?? []).toEqual([])
  expect(await s3.store.put(Buffer.from('after the cut'))).toMatchObject({ size: 13 })
})
