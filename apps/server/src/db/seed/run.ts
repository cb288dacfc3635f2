import { hashPassword } from 'better-auth/crypto'

import { loadConfig } from '../../config.js'
import { createFsBlobStore } from '../../modules/blobs/fs-blob-store.js'
import { createMediaService } from '../../modules/media/media.service.js'
import { describeDatabase, openConfiguredDatabase } from '../open.js'
import { demoAccountsAllowed, demoStartNotice } from './demo-accounts.js'
import { seedDemoData } from './seed.js'

/**
 * `npm run seed`: demo data into an empty database of the configured kind. A development shop
 * (no NODE_ENV) also gets the demo accounts and history, as at its first `npm start`; the
 * password hash is Better Auth's default, the one the server signs in with.
 */
const config = loadConfig()
const database = await openConfiguredDatabase(config)
try {
  const demoAccounts = demoAccountsAllowed({ ...config, seedDemo: true })
    ? { dataDir: config.dataDir, hashPassword }
    : undefined
  const result = await seedDemoData(
    database.db,
    createMediaService({ db: database.db, blobs: createFsBlobStore(config.blobDir) }),
    demoAccounts,
  )
  process.stdout.write(
    `Seeded ${describeDatabase(config)}: ${result.tools} tools, ${result.reviews} reviews, ` +
      `${result.promotions} promotions, ${result.accounts} demo accounts, ` +
      `${result.orders} orders, ${result.quotes} quote requests added` +
      (result.tools + result.reviews === 0 ? ' (already filled, nothing changed)\n' : '\n'),
  )
  const notice = demoStartNotice({ ...config, seedDemo: true })
  if (notice && result.accounts > 0) process.stdout.write(`${notice.lines.join('\n')}\n`)
} finally {
  await database.close()
}
