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
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'

import { CHANGE_TOPICS } from '../src/db/change-feed.js'
import { dependsOnEngine } from './engine-split.js'
import {
  migrationsFolder,
  openDatabase,
  PGLITE_EXTENSIONS,
  selectRows,
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

const TEMPLATE_LOCK_KEY = 73_051_182

let pgTemplateName: Promise<string> | undefined

/**
 * A migrated PostgreSQL database that every test database of this run is copied from: a copy
 * costs a fraction of running the migrations again for each of about a hundred files. Named
 * after the database of TEST_DATABASE_URL (CI drops both) and the schema's files; the first
 * worker to need it builds it under a lock, and renames it into place when it is complete.
 */
function pgTemplate(): Promise<string> {
  pgTemplateName ??= (async () => {
    const base = new URL(adminUrl()).pathname.slice(1) || 'postgres'
    const name = `${base}_tpl_${templateKey()}`
    const admin = new pg.Client({ connectionString: adminUrl() })
    await admin.connect()
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY])
      const found = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount === 0) {
        const building = `${name}_wip`
        await admin.query(`drop database if exists ${building} with (force)`)
        await admin.query(`create database ${building}`)
        const url = new URL(adminUrl())
        url.pathname = `/${building}`
        const migrated = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 })
        await migrated.close()
        await admin.query(`alter database ${building} rename to ${name}`)
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {})
      await admin.end()
    }
    return name
  })()
  return pgTemplateName
}

/**
 * A fresh, migrated database of this project's engine: PGlite in memory, or a new
 * PostgreSQL database on the server of TEST_DATABASE_URL, dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const file = expect.getState().testPath
  if (file && !dependsOnEngine(file))
    throw new Error(
      `${file} opens a test database, but test/engine-split.ts does not see it and the PostgreSQL project skips it: name useTestDatabase or createTestDatabase in the file`,
    )
  if (TEST_DB_KIND === 'pglite') {
    const loadDataDir = await pgliteTemplate()
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir })
    return { ...database, url: undefined }
  }
  const name = `toolworks_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${await pgTemplate()}`)
    // No test relies on PostgreSQL's own durability (the crash tests kill Node or cut a proxy):
    // commits need not wait for the disk.
    await admin.query(`alter database ${name} set synchronous_commit = off`)
  } finally {
    await admin.end()
  }
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

/** What emptying a test database touches, read once per database from its catalogue. */
type CleanPlan = { tables: string[]; sequences: string[] }
const cleanPlans = new WeakMap<Database, Promise<CleanPlan>>()

/**
 * The tables the tests fill (above), every table that refers to them, as TRUNCATE … CASCADE
 * would reach, and the audit log; with the sequences that number their rows.
 */
async function readCleanPlan(database: Database): Promise<CleanPlan> {
  const names = APP_TABLES.map((table) => table.replaceAll('"', ''))
  const cleared = sql`
    with recursive cleared(oid) as (
      select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname in (${sql.join(
        [...names, 'audit_log'].map((name) => sql`${name}`),
        sql`, `,
      )})
      union
      select con.conrelid from pg_constraint con join cleared on con.confrelid = cleared.oid
      where con.contype = 'f'
    ) select oid from cleared`
  const tables = await selectRows<{ name: string }>(
    database.db,
    sql`select quote_ident(c.relname) as name from pg_class c where c.oid in (${cleared})`,
  )
  const sequences = await selectRows<{ name: string }>(
    database.db,
    sql`select distinct quote_ident(s.relname) as name from pg_class s
      join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      where s.relkind = 'S' and d.refobjid in (${cleared})`,
  )
  return { tables: tables.map((t) => t.name), sequences: sequences.map((s) => s.name) }
}

/**
 * Empties what the tests fill, as `TRUNCATE … RESTART IDENTITY CASCADE` would, with DELETEs in
 * one transaction: on PostgreSQL a TRUNCATE makes new files for every table it reaches, which
 * cost more than all of a small test's own queries. The replica role skips the foreign keys'
 * checks and the triggers (among them the audit log's refusal of DELETE, which the tests, as
 * its owner, lift for a moment); the sequences start again at 1.
 */
export async function truncateAll(database: Database): Promise<void> {
  let plan = cleanPlans.get(database)
  if (!plan) {
    plan = readCleanPlan(database)
    cleanPlans.set(database, plan)
  }
  const { tables, sequences } = await plan
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'))
    for (const table of tables) await tx.execute(sql.raw(`delete from ${table}`))
    for (const sequence of sequences)
      await tx.execute(sql.raw(`alter sequence ${sequence} restart`))
    await tx.execute(sql.raw('update invoice_counter set last_number = 0'))
  })
  // An app shared by a file's tests (test/app.ts useTestApp) must not answer from its caches
  // what the delete just removed.
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
