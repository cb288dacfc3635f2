import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { open, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'

import type { Config } from '../config.js'
import { pgliteDir } from './client.js'

/**
 * Backups of either database (issue 9): PostgreSQL with pg_dump's custom format and
 * pg_restore; the embedded PGlite with its own data-folder dump (a .tar.gz).
 */

export class BackupError extends Error {}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

/** backups/toolworks-<timestamp>.dump (PostgreSQL) or .tar.gz (PGlite), under the cwd. */
export function defaultBackupFile(config: Config): string {
  const ext = config.databaseUrl ? 'dump' : 'tar.gz'
  return path.resolve('backups', `toolworks-${stamp()}.${ext}`)
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

/** Writes a backup of the configured database to `file`; returns the file written. */
export async function backupDatabase(config: Config, file = defaultBackupFile(config)) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  if (config.databaseUrl) {
    const { dbname, env } = pgConnection(config.databaseUrl)
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`],
      env,
    )
    return file
  }
  const dir = pgliteDir(config.dataDir)
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`No embedded database in ${dir} (DATA_DIR) to back up`)
  const db = await PGlite.create(dir)
  try {
    const dump = await db.dumpDataDir('gzip')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await db.close()
  }
  return file
}

/**
 * Replaces the configured database with the backup in `file`. PostgreSQL: pg_restore --clean
 * --if-exists in one transaction. PGlite: the dump is unpacked and checked in a new folder,
 * which then takes the place of DATA_DIR/pglite; the previous folder is kept beside it.
 */
export async function restoreDatabase(config: Config, file: string): Promise<{ kept?: string }> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}`)
  if (config.databaseUrl) {
    if (!(await startsWith(file, PG_CUSTOM_MAGIC)))
      throw new BackupError(`${file} is not a pg_dump custom-format backup (PostgreSQL)`)
    const { dbname, env } = pgConnection(config.databaseUrl)
    await run(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file],
      env,
    )
    return {}
  }
  if (!(await startsWith(file, GZIP_MAGIC)))
    throw new BackupError(`${file} is not a PGlite backup (.tar.gz) for the embedded database`)
  const target = pgliteDir(config.dataDir)
  const incoming = `${target}.restoring-${randomBytes(4).toString('hex')}`
  mkdirSync(incoming, { recursive: true })
  try {
    const db = await PGlite.create({
      dataDir: incoming,
      loadDataDir: new Blob([await readFile(file)]),
    })
    await db.query('select 1')
    await db.close()
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true })
    const reason = error instanceof Error ? error.message : String(error)
    throw new BackupError(`${file} could not be loaded as a PGlite backup: ${reason}`)
  }
  let kept: string | undefined
  if (existsSync(target)) {
    kept = `${target}.before-restore-${stamp()}`
    renameSync(target, kept)
  }
  renameSync(incoming, target)
  return { kept }
}
