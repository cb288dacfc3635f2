import { ConfigError, loadConfig } from '../../config.js'
import { serverIsRunning } from '../../db/backup.js'
import { describeDatabase, openConfiguredDatabase } from '../../db/open.js'
import { createFsBlobStore } from './fs-blob-store.js'
import { createS3BlobStore, createS3Client } from './s3-blob-store.js'
import { moveStorage, StorageMoveError } from './storage-move.js'

const HELP = `Usage:
  npm run storage:move -- --to s3     copy every file from the folder to the bucket
  npm run storage:move -- --to disk   copy every file from the bucket to the folder

Reads the same configuration as the server: the folder is BLOB_DIR (DATA_DIR/blobs), the
bucket S3_BUCKET with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and
S3_FORCE_PATH_STYLE (both directions need them). Every file a database row names (pictures,
drawings, product documents) is copied, checked against its SHA-256, and read back and checked
again; files already in the target are skipped, so a run that stopped is simply run again.
The source is left as it was. Then set (or unset) S3_BUCKET and restart the shop.
Exits 1 when a row names a file that neither store holds (listed).
With PGlite (no DATABASE_URL) stop the server first; --force skips that check.
`

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--to')
  const target = at >= 0 ? argv[at + 1] : undefined
  if (target !== 's3' && target !== 'disk') {
    process.stdout.write(HELP)
    return argv.includes('--help') ? 0 : 2
  }
  const config = loadConfig()
  if (!config.s3) {
    process.stderr.write(`S3_BUCKET is not set: there is no bucket to move to or from.\n`)
    return 2
  }
  if (!config.databaseUrl && !argv.includes('--force') && (await serverIsRunning(config))) {
    process.stderr.write(
      `A server answers on port ${config.port}: stop it before moving files with the embedded ` +
        `database (${describeDatabase(config)}), or pass --force if it uses another DATA_DIR.\n`,
    )
    return 1
  }
  const disk = createFsBlobStore(config.blobDir)
  const client = createS3Client(config.s3)
  const bucket = createS3BlobStore({ client, bucket: config.s3.bucket })
  const database = await openConfiguredDatabase(config)
  try {
    const result = await moveStorage({
      db: database.db,
      from: target === 's3' ? disk : bucket,
      to: target === 's3' ? bucket : disk,
      progress: (line) => process.stdout.write(`${line}\n`),
    })
    return result.missing.length > 0 ? 1 : 0
  } finally {
    client.destroy()
    await database.close()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  if (error instanceof ConfigError || error instanceof StorageMoveError) {
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 1
  } else {
    throw error
  }
}
