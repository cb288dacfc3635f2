import { ConfigError, loadConfig } from '../config.js'
import { BackupError, backupDatabase, restoreDatabase, serverIsRunning } from './backup.js'
import { describeDatabase } from './open.js'

const HELP = `Usage:
  npm run backup [-- FILE]     back up the configured database and its files
  npm run restore FILE         replace the configured database with a backup, and put its
                               files back

Reads the same configuration as the server (DATABASE_URL, DATA_DIR, BLOB_DIR, PORT...).
A backup is one tar archive (default backups/toolworks-<timestamp>.tar) holding the
database's dump and every file of the blob store (DATA_DIR/blobs: drawings, pictures).
Restore puts the files back first (each checked against its hash; files already there are
kept), then the database. Database-only backups of earlier releases restore too.
  PostgreSQL (DATABASE_URL set): the dump is pg_dump --format=custom; restore runs
    pg_restore --clean --if-exists in one transaction. Needs pg_dump/pg_restore
    (postgresql-client) of the server's major version.
  PGlite (no DATABASE_URL): the dump is PGlite's data-folder dump of DATA_DIR/pglite (.tar.gz);
    restore unpacks it into a new folder that replaces DATA_DIR/pglite, keeping the old one as
    DATA_DIR/pglite.before-restore-<timestamp>.
    Stop the server first: one process only may hold the folder. Both commands refuse while a
    server answers on PORT (--force skips that check, for a server on another DATA_DIR).
`

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force')
  const [command, file] = argv.filter((a) => a !== '--force')
  if (command !== 'backup' && command !== 'restore') {
    process.stdout.write(HELP)
    return command === '--help' || command === 'help' ? 0 : 2
  }
  if (command === 'restore' && !file) {
    process.stderr.write(`restore needs the backup FILE\n\n${HELP}`)
    return 2
  }
  const config = loadConfig()
  if (!config.databaseUrl && !force && (await serverIsRunning(config))) {
    process.stderr.write(
      `A server answers on port ${config.port}: stop it before a ${command} of the embedded ` +
        `database (${describeDatabase(config)}), or pass --force if it uses another DATA_DIR.\n`,
    )
    return 1
  }
  if (command === 'backup') {
    const written = await backupDatabase(config, file)
    process.stdout.write(
      config.s3
        ? `Backed up ${describeDatabase(config)} to ${written}; the files are in the bucket ` +
            `${config.s3.bucket}, backed up by its own versioning or replication\n`
        : `Backed up ${describeDatabase(config)} and the files in ${config.blobDir} to ${written}\n`,
    )
    return 0
  }
  const { kept, blobs } = await restoreDatabase(config, file ?? '')
  process.stdout.write(
    `Restored ${describeDatabase(config)} and ${blobs} files in ` +
      `${config.s3 ? `the bucket ${config.s3.bucket}` : config.blobDir} from ${file}` +
      (kept ? `; the previous data is kept in ${kept}\n` : '\n'),
  )
  return 0
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 1
  } else {
    throw error
  }
}
