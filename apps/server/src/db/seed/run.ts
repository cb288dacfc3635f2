import { hashPassword } from 'better-auth/crypto'

import { loadConfig } from '../../config.js'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the seed stores its pictures through the media service; listed in db/README.md
import { openBlobStore } from '../../modules/blobs/open-blob-store.js'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the seed stores its pictures through the media service; listed in db/README.md
import { createMediaService } from '../../modules/media/media.service.js'
import { describeDatabase, openConfiguredDatabase } from '../open.js'
import {
  DEMO_DOMAIN,
  demoAccountsAllowed,
  demoStartNotice,
  removeDemoAccounts,
} from './demo-accounts.js'
import { seedDemoData } from './seed.js'

/**
 * `npm run seed`: the demo catalogue into an empty database of the configured kind.
 * `npm run seed -- --demo`: the demo accounts and their history too, in a development shop
 * only (no NODE_ENV); never without the flag, so a seed run against another database (a
 * production DATABASE_URL) adds no accounts. The password hash is Better Auth's
 * default, the one the server signs in with.
 * `npm run seed -- --remove-demo`: removes the demo accounts and what was made in their names.
 */
const args = new Set(process.argv.slice(2))
for (const arg of args) {
  if (arg !== '--demo' && arg !== '--remove-demo') {
    process.stderr.write(`Unknown option ${arg}: use --demo or --remove-demo\n`)
    process.exit(2)
  }
}
const config = loadConfig()
const database = await openConfiguredDatabase(config)
try {
  if (args.has('--remove-demo')) {
    const removed = await removeDemoAccounts(database.db)
    process.stdout.write(
      `Removed ${removed} demo account(s) (@${DEMO_DOMAIN}) and what was made in their names ` +
        `from ${describeDatabase(config)}\n`,
    )
  } else await seed(args.has('--demo'))
} finally {
  await database.close()
}

async function seed(demo: boolean) {
  const demoAccounts = demoAccountsAllowed({ ...config, seedDemo: demo })
    ? { dataDir: config.dataDir, hashPassword }
    : undefined
  // The configured store: the bucket when S3_BUCKET is set.
  const blobs = await openBlobStore(config)
  const result = await seedDemoData(
    database.db,
    createMediaService({ db: database.db, blobs: blobs.store }),
    demoAccounts,
  ).finally(blobs.close)
  process.stdout.write(
    `Seeded ${describeDatabase(config)}: ${result.tools} tools, ${result.reviews} reviews, ` +
      `${result.promotions} promotions, ${result.accounts} demo accounts, ` +
      `${result.orders} orders, ${result.quotes} quote requests added` +
      (result.tools + result.reviews === 0 ? ' (already filled, nothing changed)\n' : '\n'),
  )
  const notice = demoStartNotice({ ...config, seedDemo: demo })
  if (notice && result.accounts > 0) process.stdout.write(`${notice.lines.join('\n')}\n`)
}
