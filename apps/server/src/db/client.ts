import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

import { createLocalChangeFeed, createPgChangeFeed, type ChangeFeed } from './change-feed.js'
import * as schema from './schema/index.js'

export type Schema = typeof schema
/** Both drivers' databases share this type, so queries are written once. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Query functions accept the outer database or a transaction (docs/architecture.md, Stack pitfalls §3). */
export type DbOrTx = Db | Tx

export type Database = {
  kind: 'pglite' | 'pg'
  db: Db
  /** Change notices shared by every process on this database (caches listen to it). */
  changes: ChangeFeed
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/**
 * How alike a searched word must be to a word of a tool to match it despite a typo (pg_trgm's
 * `<%`). Its default, 0.6, misses "wrnch" for "wrench" (0.44); set on every
 * connection of both engines, so the search's SQL is the same on both.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4

/**
 * PGlite's defaults with 32 MB of shared buffers instead of 128 MB, which it fills at start:
 * an open shop's resident memory fell from about 440 to about 320 MB under the heap flags of
 * `npm start` (the peak must stay under 400 MB). The rows live in the OS's page
 * cache as well, and file bytes are no longer in the database.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  `pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
]

/**
 * The contrib extensions the migrations create (pg_trgm, for the catalogue search): PGlite loads an
 * extension's files only when given here, at every start, so every PGlite that opens the
 * shop's data must pass them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm }

// Any PostgreSQL advisory-lock key works, as long as every process uses the same one.
const MIGRATION_LOCK_KEY = 727_001

export type DatabaseOptions =
  | {
      kind: 'pglite'
      dataDir: string | undefined
      /**
       * In memory only: start from this data folder (PGlite's dumpDataDir) instead of an empty
       * one; the migrations still run after. The tests start each file's database from one
       * already migrated (test/database.ts): PGlite's initdb is most of a fresh start.
       */
      loadDataDir?: Blob
    }
  | { kind: 'pg'; url: string; poolSize?: number }

/** Opens PGlite (under dataDir, or in memory when undefined) or a node-postgres pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') return openPglite(options.dataDir, options.loadDataDir)
  return openPg(options.url, options.poolSize ?? 10)
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = dataDir
    ? await PGlite.create({
        dataDir,
        startParams: PGLITE_START_PARAMS,
        extensions: PGLITE_EXTENSIONS,
      })
    : await PGlite.create({
        startParams: PGLITE_START_PARAMS,
        extensions: PGLITE_EXTENSIONS,
        ...(loadDataDir && { loadDataDir }),
      })
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' })
  await migratePglite(pgliteDb, { migrationsFolder })
  // The PGlite and node-postgres drizzle types differ only in their driver result type.
  const db = pgliteDb as unknown as Db
  // One PGlite data folder is only ever opened by one process (docs/architecture.md, Stack pitfalls §3).
  const changes = createLocalChangeFeed()
  return {
    kind: 'pglite',
    db,
    changes,
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: async () => {
      await changes.close()
      await client.close()
    },
  }
}

async function openPg(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A statement that runs longer than this is a bug or a lock pile-up, not work.
    statement_timeout: 15_000,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  })
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool drops it and the next query opens a fresh one.
  pool.on('error', () => {})
  // A checked-out client (inside a transaction) whose connection drops emits 'error' with no
  // listener, which would crash the process; its pending query still fails and answers 503.
  pool.on('connect', (client) => client.on('error', () => {}))

  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(drizzlePg(lockClient, { casing: 'snake_case' }), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lockClient.release()
  }

  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
  const changes = createPgChangeFeed(pool, url)
  return {
    kind: 'pg',
    db,
    changes,
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: async () => {
      await changes.close()
      await pool.end()
    },
  }
}

async function ping(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([query, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The embedded database lives in DATA_DIR/pglite. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite')
}

/** Raw SQL rows; both drivers answer `{ rows }` (docs/architecture.md, Stack pitfalls §2). */
export async function selectRows<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}
