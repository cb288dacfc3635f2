import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'

import type { Config } from '../config.js'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a backup holds the blob store too; listed in db/README.md until the blob store moves to lib/
import { BLOB_KEY_PATTERN } from '../modules/blobs/blob-store.js'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a backup holds the blob store too; listed in db/README.md until the blob store moves to lib/
import { openBlobStore } from '../modules/blobs/open-blob-store.js'
import { PGLITE_EXTENSIONS, pgliteDir } from './client.js'
import { createTar, isTar, readTar } from './tar.js'

/**
 * Backups: one tar archive holding the database's dump and the blob store's
 * files (drawings, pictures). The dump is pg_dump's custom format for PostgreSQL (restored by
 * pg_restore), PGlite's own data-folder dump (.tar.gz) for the embedded database. Restore also
 * takes the database-only files of earlier releases.
 */

export class BackupError extends Error {}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

/** The archive's entries: a manifest, the dump, and `blobs/ab/cd/<key>` for every blob. */
const MANIFEST = 'toolworks-backup.json'
const PG_DUMP_ENTRY = 'database.dump'
const PGLITE_DUMP_ENTRY = 'database.tar.gz'
const BLOBS_PREFIX = 'blobs/'

/** backups/toolworks-<timestamp>.tar under the cwd. */
export function defaultBackupFile(): string {
  return path.resolve('backups', `toolworks-${stamp()}.tar`)
}

/**
 * pg_dump and pg_restore get the connection without the password on their command line
 * (where `ps` would show it): the password goes through PGPASSWORD.
 */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', (error) =>
      reject(
        new BackupError(`Cannot run ${command} (${error.message}): install postgresql-client`),
      ),
    )
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed with code ${code}:\n${stderr.trim()}`)),
    )
  })
}

async function startsWith(file: string, magic: Buffer): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(magic.length)
    await handle.read(head, 0, magic.length, 0)
    return head.equals(magic)
  } finally {
    await handle.close()
  }
}
const PG_CUSTOM_MAGIC = Buffer.from('PGDMP')
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

/**
 * True when a server answers on the configured port: PGlite's folder belongs to one process,
 * so a backup or restore of it while the server runs is refused.
 */
export async function serverIsRunning(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host
  try {
    const res = await fetch(`http://${host}:${config.port}/api/health`, {
      signal: AbortSignal.timeout(1_000),
    })
    await res.body?.cancel()
    return true
  } catch {
    return false
  }
}

/** Dumps the configured database to `file` (pg_dump custom format, or PGlite's .tar.gz). */
async function dumpDatabase(config: Config, file: string): Promise<void> {
  if (config.databaseUrl) {
    const { dbname, env } = pgConnection(config.databaseUrl)
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`],
      env,
    )
    return
  }
  const dir = pgliteDir(config.dataDir)
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`No embedded database in ${dir} (DATA_DIR) to back up`)
  const db = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS })
  try {
    const dump = await db.dumpDataDir('gzip')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await db.close()
  }
}

/** The blob files under the store's folder (`ab/cd/<key>`), staged files left out. */
async function blobFiles(blobDir: string): Promise<string[]> {
  const names = await readdir(blobDir, { recursive: true }).catch(() => [] as string[])
  return names
    .filter((name) => BLOB_KEY_PATTERN.test(path.basename(name)) && !name.startsWith('.'))
    .sort()
}

/**
 * Writes one archive of the configured database and its blobs to `file`; returns the file.
 * The dump comes first and the blobs after it: a blob is written before any row names it and
 * never removed, so every blob the dump names is in the archive.
 */
export async function backupDatabase(config: Config, file = defaultBackupFile()) {
  const target = path.resolve(file)
  mkdirSync(path.dirname(target), { recursive: true })
  const work = mkdtempSync(path.join(path.dirname(target), '.backup-'))
  try {
    const dumpEntry = config.databaseUrl ? PG_DUMP_ENTRY : PGLITE_DUMP_ENTRY
    const dump = path.join(work, dumpEntry)
    await dumpDatabase(config, dump)
    // With S3_BUCKET the files are in the bucket, backed up by the bucket's own
    // versioning or replication (docs/operations.md); the folder may hold stale copies.
    const blobs = config.s3 ? [] : await blobFiles(config.blobDir)
    const manifest = path.join(work, MANIFEST)
    await writeFile(
      manifest,
      JSON.stringify({
        format: 1,
        database: config.databaseUrl ? 'postgresql' : 'pglite',
        blobs: blobs.length,
        createdAt: new Date().toISOString(),
      }),
    )
    const partial = path.join(work, 'archive.tar')
    const tar = await createTar(partial)
    try {
      await tar.addFile(MANIFEST, manifest)
      await tar.addFile(dumpEntry, dump)
      for (const name of blobs)
        await tar.addFile(
          `${BLOBS_PREFIX}${name.split(path.sep).join('/')}`,
          path.join(config.blobDir, name),
        )
    } finally {
      await tar.close()
    }
    await rename(partial, target)
    return target
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Replaces the configured database with the backup in `file` and puts its blobs back in the
 * blob store (each checked against its hash), the blobs first, so no restored row names a blob
 * that is missing. A blob the store holds already is kept; the store only ever grows.
 */
export async function restoreDatabase(
  config: Config,
  file: string,
): Promise<{ kept?: string; blobs: number }> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}`)
  // A database-only backup of an earlier release.
  if (!(await isTar(file))) return { ...(await restoreDump(config, file)), blobs: 0 }
  const work = mkdtempSync(path.join(path.dirname(path.resolve(file)), '.restore-'))
  let onDone = () => {}
  try {
    // The configured store: a backup's files go back into the bucket when S3_BUCKET is set.
    const opened = await openBlobStore(config)
    onDone = opened.close
    const store = opened.store
    let dump: string | undefined
    let manifest = false
    let blobs = 0
    await readTar(file, async (entry) => {
      if (entry.name === MANIFEST) manifest = true
      if (entry.name === PG_DUMP_ENTRY || entry.name === PGLITE_DUMP_ENTRY) {
        dump = path.join(work, entry.name)
        const out = await open(dump, 'w', 0o600)
        try {
          for await (const chunk of entry.chunks) await out.write(chunk)
        } finally {
          await out.close()
        }
        return
      }
      const key = path.posix.basename(entry.name)
      if (entry.name.startsWith(BLOBS_PREFIX) && BLOB_KEY_PATTERN.test(key)) {
        const ref = await store.put(entry.chunks)
        if (ref.key !== key)
          throw new BackupError(
            `${file}: the blob ${key} is damaged (its bytes hash to ${ref.key})`,
          )
        blobs += 1
        return
      }
      for await (const _ of entry.chunks); // an entry of a later format: skipped
    })
    if (!manifest || !dump) throw new BackupError(`${file} is not a Toolworks backup`)
    return { ...(await restoreDump(config, dump, file)), blobs }
  } catch (error) {
    if (error instanceof BackupError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new BackupError(`${file} could not be restored: ${reason}`)
  } finally {
    onDone()
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Replaces the configured database with the dump in `file`. PostgreSQL: pg_restore --clean
 * --if-exists in one transaction. PGlite: the dump is unpacked and checked in a new folder,
 * which then takes the place of DATA_DIR/pglite; the previous folder is kept beside it.
 */
async function restoreDump(config: Config, file: string, shown = file): Promise<{ kept?: string }> {
  if (config.databaseUrl) {
    if (!(await startsWith(file, PG_CUSTOM_MAGIC)))
      throw new BackupError(`${shown} is not a pg_dump custom-format backup (PostgreSQL)`)
    const { dbname, env } = pgConnection(config.databaseUrl)
    await run(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file],
      env,
    )
    return {}
  }
  if (!(await startsWith(file, GZIP_MAGIC)))
    throw new BackupError(`${shown} is not a PGlite backup (.tar.gz) for the embedded database`)
  const target = pgliteDir(config.dataDir)
  const incoming = `${target}.restoring-${randomBytes(4).toString('hex')}`
  mkdirSync(incoming, { recursive: true })
  try {
    const db = await PGlite.create({
      dataDir: incoming,
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([await readFile(file)]),
    })
    await db.query('select 1')
    await db.close()
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true })
    const reason = error instanceof Error ? error.message : String(error)
    throw new BackupError(`${shown} could not be loaded as a PGlite backup: ${reason}`)
  }
  let kept: string | undefined
  if (existsSync(target)) {
    kept = `${target}.before-restore-${stamp()}`
    renameSync(target, kept)
  }
  renameSync(incoming, target)
  return { kept }
}
