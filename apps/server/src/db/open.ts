import type { Config } from '../config.js'
import { openDatabase, pgliteDir, type Database } from './client.js'

/** The database the config names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'pg', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: pgliteDir(config.dataDir) })
}

/** Where the database is, without credentials, for log lines. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `PGlite in ${pgliteDir(config.dataDir)}`
  try {
    const url = new URL(config.databaseUrl)
    return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`
  } catch {
    return 'PostgreSQL'
  }
}
