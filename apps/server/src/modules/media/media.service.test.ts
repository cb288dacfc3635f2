import { expect, test } from 'vitest'

import { sha256, tempBlobStore } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { makeImage } from '../../../test/uploads.js'
import { mediaFiles } from '../../db/schema/index.js'
import { createMediaService } from './media.service.js'

const database = useTestDatabase()

test('a served image is kept in memory: the next read needs no database', async () => {
  const media = createMediaService({ db: database.current.db, blobs: tempBlobStore() })
  const { url } = await media.store(await makeImage('png', 9))
  const key = url.slice('/media/'.length)
  const first = await media.get(key)
  // Gone from the database, still served: the bytes of a key never change.
  await database.current.db.delete(mediaFiles)
  const again = await media.get(key)
  expect(again.body).toEqual(first.body)
  // Another key was never read, so it is not in memory.
  await expect(media.get(key.replace('-800', '-400'))).rejects.toMatchObject({ code: 'NOT_FOUND' })
})

test('the variants are in the blob store, their rows name them by hash and hold no bytes', async () => {
  const blobs = tempBlobStore()
  const media = createMediaService({ db: database.current.db, blobs })
  await media.store(await makeImage('png', 10))
  const rows = await database.current.db.select().from(mediaFiles)
  expect(rows).toHaveLength(2)
  for (const row of rows) {
    expect(row.data).toBeNull()
    const bytes = await blobs.read(row.sha256 ?? '')
    expect(bytes?.length).toBe(row.byteSize)
    expect(sha256(bytes ?? Buffer.alloc(0))).toBe(row.sha256)
  }
})
