import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach } from 'vitest'

import { CHANGE_TOPICS } from '../src/db/change-feed.js'
import {
  migrationsFolder,
  openDatabase,
  PGLITE_EXTENSIONS,
  type Database,
} from '../src/db/client.js'

/** Which engine this Vitest project runs on (set per project in vitest.config.ts). */
export const TEST_DB_KIND: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite'

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test project')
  return url
}

export type TestDatabase = Database & { url: string | undefined }

/** Every file that makes up the migrated schema, and the PGlite that wrote it. */
function templateKey(): string {
  const hash = createHash('sha256')
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()
  for (const file of files) {
    const full = path.join(migrationsFolder, file)
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full))
  }
  // The engine's build too: its package.json is not exported, its entry file names the version.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')))
  return hash.digest('hex').slice(0, 16)
}

/**
 * PGlite's data folder right after the migrations, made once per schema and kept in the temp
 * folder: a fresh in-memory PGlite spends 1.5-2.5 s in initdb here, one started from this
 * about 0.5 s, for each of about a hundred test files. Written under a temporary name and
 * renamed, so a worker never reads another's half-written copy.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `toolworks-pglite-template-${templateKey()}.tar`)
  const saved = await readFile(file).catch(() => undefined)
  if (saved) return new Blob([saved])
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle(client), { migrationsFolder })
  const dump = await client.dumpDataDir('none')
  await client.close()
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
  await rename(partial, file)
  return dump
}

/**
 * A fresh, migrated database of this project's engine: PGlite in memory, or a new
 * PostgreSQL database on the server of TEST_DATABASE_URL, dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'pglite') {
    const loadDataDir = await pgliteTemplate()
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir })
    return { ...database, url: undefined }
  }
  const name = `toolworks_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 20 })
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close()
      const dropper = new pg.Client({ connectionString: adminUrl() })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

const APP_TABLES = [
  'cart_lines',
  'order_lines',
  'promotions',
  'contact_messages',
  'newsletter_subscribers',
  'sandbox_payment_intents',
  'payment_attempts',
  'exchange_rates',
  'mushak_counters',
  'mushak_credit_note_counters',
  'orders',
  'reviews',
  'tools',
  'categories',
  'promotions',
  'media_files',
  'verification',
  'rate_limit',
  'rate_limit_counters',
  '"user"',
]

export async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${APP_TABLES.join(', ')} restart identity cascade`))
  // The audit log refuses TRUNCATE (issue 17); the tests, as its owner, lift that for a moment.
  await database.db.execute(sql.raw('alter table audit_log disable trigger audit_log_no_truncate'))
  await database.db.execute(sql.raw('truncate audit_log restart identity'))
  await database.db.execute(sql.raw('alter table audit_log enable trigger audit_log_no_truncate'))
  await database.db.execute(sql.raw('update invoice_counter set last_number = 0'))
  // An app shared by a file's tests (test/app.ts useTestApp) must not answer from its caches
  // what the truncate just removed.
  for (const topic of CHANGE_TOPICS) await database.changes.publish(topic)
}

/**
 * One database per test file, emptied before each test, so every test makes its own
 * rows (docs/conventions.md §7) without paying PGlite's start-up for each one.
 */
export function useTestDatabase(): { readonly current: TestDatabase } {
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  beforeEach(async () => {
    if (database) await truncateAll(database)
  })
  afterAll(async () => {
    await database?.close()
  })
  return {
    get current() {
      if (!database) throw new Error('test database not ready')
      return database
    },
  }
}
