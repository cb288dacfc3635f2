import { readdirSync } from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { sha256, tempBlobStore } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { selectRows, type Db } from '../../db/client.js'
import type { BlobStore } from './blob-store.js'
import { moveBytesToBlobs } from './blob-move.js'

/**
 * Bytes held in rows before the blob store move to it at start-up, row by row,
 * resumably. The rows are made as an older release left them: bytes in `data`, no `sha256`.
 */

const database = useTestDatabase()

/** `n` bytes made inside the database (never bound as a parameter), varied by `seed`. */
const bytesSql = (n: number, seed: string) =>
  sql`substring(decode((select string_agg(md5(${seed} || i::text), '') from generate_series(1, ${Math.ceil(n / 16)}::int) i), 'hex') from 1 for ${n}::int)`

type Row = { id: string; sha256: string | null; has_data: boolean; expected: string | null }

async function oldRows(db: Db) {
  const [user] = await selectRows<{ id: string }>(
    db,
    sql`insert into "user" (id, name, email) values ('old-buyer', 'Old Buyer', 'old@example.com')
        returning id`,
  )
  const [request] = await selectRows<{ id: string }>(
    db,
    sql`insert into quote_requests (customer_id, customer_email, customer_name, process, part_name,
          material, quantities, phone, address)
        values (${user?.id}, 'old@example.com', 'Old Buyer', 'machining', 'Old part', 'Steel',
          '{10}', '1', 'Dhaka') returning id`,
  )
  // Sizes around the piece size (1 KB below), a single byte, and the same bytes
  // twice (stored once).
  const drawings: [number, string][] = [
    [5000, 'a'],
    [3072, 'b'],
    [1, 'c'],
    [5000, 'a'],
  ]
  for (const [position, [size, seed]] of drawings.entries())
    await db.execute(sql`insert into quote_drawings (request_id, position, name, kind, content_type,
        byte_size, data) values (${request?.id}, ${position}, ${`old-${position}.pdf`}, 'pdf',
        'application/pdf', ${size}, ${bytesSql(size, seed)})`)
  for (const [i, seed] of ['m', 'n'].entries())
    await db.execute(sql`insert into media_files (key, content_type, width, height, byte_size, data)
        values (${`${seed.repeat(32).replace(/./g, String(i))}-800.webp`}, 'image/webp', 800, 600,
        2500, ${bytesSql(2500, seed)})`)
}

async function state(db: Db): Promise<Row[]> {
  return selectRows<Row>(
    db,
    sql`select id::text as id, sha256, data is not null as has_data,
          encode(sha256(data), 'hex') as expected from quote_drawings
        union all
        select key, sha256, data is not null, encode(sha256(data), 'hex') from media_files
        order by 1`,
  )
}

/** A store that fails when asked for its `failAt`th blob (a crash in the middle of the move). */
function failingAfter(store: BlobStore, failAt: number): BlobStore {
  let staged = 0
  return {
    ...store,
    async stage(options) {
      staged += 1
      if (staged === failAt) throw new Error('disk full')
      return store.stage(options)
    },
  }
}

test('bytes in rows move to the blob store, every byte kept; cut short, the next run continues', async () => {
  const { db } = database.current
  await oldRows(db)
  const before = await state(db)
  expect(before.every((r) => r.has_data && r.sha256 === null)).toBe(true)
  const expected = new Map(before.map((r) => [r.id, r.expected]))
  const blobs = tempBlobStore()

  // Cut short at the third blob: two rows moved, the rest keep their bytes.
  await expect(
    moveBytesToBlobs({ db, blobs: failingAfter(blobs, 3), chunkBytes: 1024 }),
  ).rejects.toThrow('disk full')
  const halfway = await state(db)
  expect(halfway.filter((r) => r.sha256 !== null)).toHaveLength(2)
  for (const row of halfway) expect(row.has_data).toBe(row.sha256 === null)
  // Nothing half-written is left in the store's folder.
  expect(readdirSync(path.join(blobs.location, '.staging'))).toEqual([])

  const resumed = await moveBytesToBlobs({ db, blobs, chunkBytes: 1024 })
  expect(resumed.drawings + resumed.media).toBe(before.length - 2)
  const after = await state(db)
  for (const row of after) {
    expect(row.has_data).toBe(false)
    expect(row.sha256).toBe(expected.get(row.id))
    const bytes = await blobs.read(row.sha256 ?? '')
    expect(sha256(bytes ?? Buffer.alloc(0))).toBe(row.sha256)
  }
  // The same bytes twice are one blob.
  expect(new Set(after.map((r) => r.sha256)).size).toBe(before.length - 1)

  // Once everything has moved, a run finds nothing.
  expect(await moveBytesToBlobs({ db, blobs })).toEqual({ media: 0, drawings: 0 })
})
