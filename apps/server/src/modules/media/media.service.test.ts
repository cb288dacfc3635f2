import { expect, test } from 'vitest'

import { useTestDatabase } from '../../../test/database.js'
import { makeImage } from '../../../test/uploads.js'
import { mediaFiles } from '../../db/schema/index.js'
import { createMediaService } from './media.service.js'

const database = useTestDatabase()

test('a served image is kept in memory: the next read needs no database', async () => {
  const media = createMediaService({ db: database.current.db })
  const { url } = await media.store(await makeImage('png', 9))
  const key = url.slice('/media/'.length)
  const first = await media.get(key)
  // Gone from the database, still served: the bytes of a key never change.
  await database.current.db.delete(mediaFiles)
  const again = await media.get(key)
  expect(again.data.equals(first.data)).toBe(true)
  // Another key was never read, so it is not in memory.
  await expect(media.get(key.replace('-800', '-400'))).rejects.toMatchObject({ code: 'NOT_FOUND' })
})
