import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { CreateBucketCommand } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { blobBytes, sha256 } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { s3BlobStore, startS3Stand } from '../../../test/s3.js'
import { selectRows, type Db } from '../../db/client.js'
import type { BlobStore } from './blob-store.js'
import { createFsBlobStore } from './fs-blob-store.js'
import { moveStorage } from './storage-move.js'

/**
 * `npm run storage:move -- --to s3` and `--to disk` copy every blob the rows name to
 * the other store, verified by its SHA-256, and a run cut short halfway is simply run again.
 */

const database = useTestDatabase()
let stand: Awaited<ReturnType<typeof startS3Stand>>
const clients: { destroy(): void }[] = []
let buckets = 0

beforeAll(async () => {
  stand = await startS3Stand()
})
afterAll(async () => {
  for (const c of clients) c.destroy()
  await stand.close()
})

const folderStore = () => createFsBlobStore(mkdtempSync(path.join(os.tmpdir(), 'tw-move-')))

async function bucketStore(): Promise<BlobStore> {
  const bucket = `move-${(buckets += 1)}`
  const s3 = s3BlobStore({ ...stand.settings, bucket })
  clients.push(s3)
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }))
  return s3.store
}

/** Picture variants and a drawing whose bytes are in `store`; one drawing shares a picture's. */
async function rowsWithBlobs(db: Db, store: BlobStore): Promise<Buffer[]> {
  const files = [1, 2, 3, 4, 5, 6].map((i) => randomBytes(1000 * i + 7))
  for (const [i, bytes] of files.entries()) {
    const { key } = await store.put(bytes)
    await db.execute(sql`insert into media_files (key, content_type, width, height, byte_size, sha256)
        values (${`${String(i).repeat(32)}-800.webp`}, 'image/webp', 800, 600, ${bytes.length}, ${key})`)
  }
  const [user] = await selectRows<{ id: string }>(
    db,
    sql`insert into "user" (id, name, email) values ('mover', 'Mover', 'mover@example.com')
        returning id`,
  )
  const [request] = await selectRows<{ id: string }>(
    db,
    sql`insert into quote_requests (customer_id, customer_email, customer_name, process, part_name,
          material, quantities, phone, address)
        values (${user?.id}, 'mover@example.com', 'Mover', 'machining', 'Part', 'Steel', '{10}',
          '1', 'Dhaka') returning id`,
  )
  const shared = files[2] ?? Buffer.alloc(0)
  await db.execute(sql`insert into quote_drawings (request_id, position, name, kind, content_type,
      byte_size, sha256) values (${request?.id}, 0, 'part.pdf', 'pdf', 'application/pdf',
      ${shared.length}, ${sha256(shared)})`)
  return files
}

/** The target store, except that the `failAt`-th copy breaks off halfway through its bytes. */
function failingHalfway(store: BlobStore, failAt: number): BlobStore {
  let stages = 0
  return {
    ...store,
    async stage(options) {
      const staged = await store.stage(options)
      stages += 1
      if (stages !== failAt) return staged
      return {
        get size() {
          return staged.size
        },
        head: () => staged.head(),
        async write(chunk) {
          await staged.write(chunk.subarray(0, chunk.length >> 1))
          throw new Error('injected: the connection to the store broke off')
        },
        finish: () => staged.finish(),
        commit: () => staged.commit(),
        discard: () => staged.discard(),
      }
    },
  }
}

describe.each([
  { to: 's3', from: 'disk' },
  { to: 'disk', from: 's3' },
] as const)('--to $to', ({ to }) => {
  test('copies every named file, verified; cut off halfway, a second run finishes the rest', async () => {
    const db = database.current.db
    const source = to === 's3' ? folderStore() : await bucketStore()
    const target = to === 's3' ? await bucketStore() : folderStore()
    const files = await rowsWithBlobs(db, source)
    const lines: string[] = []

    await expect(
      moveStorage({
        db,
        from: source,
        to: failingHalfway(target, 4),
        progress: (l) => lines.push(l),
      }),
    ).rejects.toThrow('injected')
    const there = async () =>
      (
        await Promise.all(files.map(async (f) => (await target.stat(sha256(f))) !== undefined))
      ).filter(Boolean).length
    // Three copied before the failure; the broken one left nothing, staged or stored.
    expect(await there()).toBe(3)
    expect(await target.sweepStaging(0)).toBe(0)
    expect(lines[0]).toMatch(/^6 files named by the database/)
    expect(lines.filter((l) => l.includes('copied and verified'))).toHaveLength(3)

    const resumed = await moveStorage({ db, from: source, to: target })
    expect(resumed).toEqual({ total: 6, copied: 3, present: 3, missing: [] })
    for (const bytes of files)
      expect((await blobBytes(target, sha256(bytes)))?.equals(bytes)).toBe(true)
    // The source is left as it was (the way back).
    for (const bytes of files)
      expect(await source.stat(sha256(bytes))).toEqual({ size: bytes.length })
    // A third run finds everything there.
    expect(await moveStorage({ db, from: source, to: target })).toMatchObject({
      copied: 0,
      present: 6,
    })
  })
})

test('a file no store holds is reported, and a source whose bytes do not match their key is refused', async () => {
  const db = database.current.db
  const source = folderStore()
  const target = await bucketStore()
  const files = await rowsWithBlobs(db, source)
  const lost = files[0] ?? Buffer.alloc(0)
  await source.remove(sha256(lost))
  const result = await moveStorage({ db, from: source, to: target })
  expect(result).toEqual({ total: 6, copied: 5, present: 0, missing: [sha256(lost)] })

  // A row naming a key whose bytes in the source are other bytes: never copied under that key.
  const liar: BlobStore = {
    ...source,
    open: async () => source.open(sha256(files[1] ?? Buffer.alloc(0))),
  }
  await expect(moveStorage({ db, from: liar, to: await bucketStore() })).rejects.toThrow(
    /holds other bytes/,
  )
})
