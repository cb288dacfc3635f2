import { loadConfig } from '../../config.js'
import { createMediaService } from '../../modules/media/media.service.js'
import { describeDatabase, openConfiguredDatabase } from '../open.js'
import { seedDemoData } from './seed.js'

/** `npm run seed`: demo data into an empty database of the configured kind. */
const config = loadConfig()
const database = await openConfiguredDatabase(config)
try {
  const result = await seedDemoData(database.db, createMediaService({ db: database.db }))
  process.stdout.write(
    `Seeded ${describeDatabase(config)}: ${result.tools} tools, ${result.reviews} reviews, ` +
      `${result.promotions} promotions added` +
      (result.tools + result.reviews === 0 ? ' (already filled, nothing changed)\n' : '\n'),
  )
} finally {
  await database.close()
}
