import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { backupRoundTrip } from '../../test/backup-round-trip.js'
import { createTestDatabase } from '../../test/database.js'
import type { Db } from './client.js'

/** `npm run backup` / `npm run restore` on PostgreSQL: pg_dump and pg_restore. */
test(
  'PostgreSQL: back up, change and delete rows, restore: every table as it was at the backup',
  { timeout: 60_000 },
  async ({ onTestFinished }) => {
    const database = await createTestDatabase()
    onTestFinished(() => database.close())
    const url = database.url ?? ''
    const withDb = <T>(fn: (db: Db) => Promise<T>) => fn(database.db)
    const { tables } = await backupRoundTrip(
      {
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'toolworks-pg-backup-')),
        NODE_ENV: 'test',
        PORT: '0',
        AUTH_SECRET: 'backup-test-secret-0123456789-abcdefghijklmnop',
      },
      withDb,
    )
    expect(tables).toBeGreaterThan(5)
  },
)
