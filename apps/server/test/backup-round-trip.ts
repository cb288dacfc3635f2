import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { sql } from 'drizzle-orm'
import { expect } from 'vitest'

import { selectRows, type Db } from '../src/db/client.js'
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
 * The round trip of issue 9: data, a backup, changes and deletions, a restore, and every
 * table's digest as it was at the backup. `withDb` opens the database for one step (PGlite
 * must be closed while the scripts hold its folder).
 */
export async function backupRoundTrip(
  env: Record<string, string>,
  withDb: <T>(fn: (db: Db) => Promise<T>) => Promise<T>,
  ext: string,
) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'toolworks-backup-')), `b.${ext}`)
  const backedUp = await withDb(async (db) => {
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

  await withDb(async (db) => {
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
  return { file, tables: backedUp.tables.length }
}
