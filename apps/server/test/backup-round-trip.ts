import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { sql } from 'drizzle-orm'
import { expect } from 'vitest'

import { selectRows, type Db } from '../src/db/client.js'
import { createFsBlobStore } from '../src/modules/blobs/fs-blob-store.js'
import { sha256 } from './blobs.js'
import { appTables, databaseDigest } from './db-digest.js'
import { insertTool } from './factories.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))

export type Run = { code: number | null; output: string }

/** `npm run backup|restore ...` from the repository root, as an operator types it. */
export function npmRun(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, output }))
  })
}

/**
 * The backup round trip: data and a file in the blob store, a backup (one archive),
 * changes and deletions (the file's bytes lost too), a restore, and every table's digest as it
 * was at the backup, the file back byte for byte. `withDb` opens the database for one step
 * (PGlite must be closed while the scripts hold its folder). `env` names DATA_DIR.
 */
export async function backupRoundTrip(
  env: Record<string, string> & { DATA_DIR: string },
  withDb: <T>(fn: (db: Db) => Promise<T>) => Promise<T>,
) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'toolworks-backup-')), 'b.tar')
  const blobDir = path.join(env.DATA_DIR, 'blobs')
  const picture = randomBytes(300_000)
  const blob = await createFsBlobStore(blobDir).put(picture)
  const backedUp = await withDb(async (db) => {
    await db.execute(sql`insert into media_files (key, content_type, width, height, byte_size, sha256)
      values (${`${'b'.repeat(32)}-800.webp`}, 'image/webp', 800, 600, ${blob.size}, ${blob.key})`)
    for (let i = 0; i < 3; i++)
      await insertTool(db, { name: `Backed-up tool ${i}`, quantity: 10 + i })
    await db.execute(sql`insert into contact_messages (name, email, message)
      values ('Karim Uddin', 'karim@example.com', 'Kept by the backup')`)
    const tables = await appTables(db)
    return { tables, digest: await databaseDigest(db, tables) }
  })

  const backup = await npmRun(['backup', '--', file], env)
  expect(backup.code, backup.output).toBe(0)
  expect(existsSync(file)).toBe(true)
  // One archive, readable by any tar: the manifest, the dump, the blob.
  const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' }).stdout.trim().split('\n')
  expect(listed).toEqual([
    'toolworks-backup.json',
    env.DATABASE_URL ? 'database.dump' : 'database.tar.gz',
    `blobs/${blob.key.slice(0, 2)}/${blob.key.slice(2, 4)}/${blob.key}`,
  ])

  // The blob store's folder is lost with everything in it.
  rmSync(blobDir, { recursive: true, force: true })
  await withDb(async (db) => {
    await db.execute(sql`delete from media_files`)
    await db.execute(sql`delete from contact_messages`)
    await db.execute(sql`update tools set quantity = 0 where name = 'Backed-up tool 1'`)
    await db.execute(sql`delete from tools where name = 'Backed-up tool 2'`)
    await insertTool(db, { name: 'Added after the backup' })
    expect(await databaseDigest(db, backedUp.tables)).not.toEqual(backedUp.digest)
  })

  const restore = await npmRun(['restore', file], env)
  expect(restore.code, restore.output).toBe(0)

  await withDb(async (db) => {
    expect(await databaseDigest(db, backedUp.tables)).toEqual(backedUp.digest)
    const rows = await selectRows<{ name: string }>(db, sql`select name from tools order by name`)
    const names = rows.map((r) => r.name)
    expect(names).toEqual(['Backed-up tool 0', 'Backed-up tool 1', 'Backed-up tool 2'])
  })
  const restored = await createFsBlobStore(blobDir).read(blob.key)
  expect(restored && sha256(restored)).toBe(sha256(picture))
  return { file, tables: backedUp.tables.length }
}
