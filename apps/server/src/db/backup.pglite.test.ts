import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { backupRoundTrip, npmRun } from '../../test/backup-round-trip.js'
import { openDatabase, pgliteDir, type Db } from './client.js'

/** `npm run backup` / `npm run restore` on the embedded database. */

const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  PORT: '0',
  AUTH_SECRET: 'backup-test-secret-0123456789-abcdefghijklmnop',
})

test(
  'PGlite: back up, change and delete rows, restore: every table as it was at the backup',
  { timeout: 60_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-pglite-backup-'))
    const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir(dataDir) })
      try {
        return await fn(database.db)
      } finally {
        await database.close()
      }
    }
    const { tables } = await backupRoundTrip(env(dataDir), withDb)
    expect(tables).toBeGreaterThan(5)
    // The folder it replaced is kept beside the restored one.
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pglite.before-restore-'))).toHaveLength(
      1,
    )
  },
)

test(
  'a file that is not a PGlite backup, or a server on PORT, is refused and the database is left alone',
  { timeout: 30_000 },
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-pglite-backup-'))
    const bogus = path.join(dataDir, 'not-a-backup.dump')
    writeFileSync(bogus, 'PGDMP this is a PostgreSQL dump, not PGlite')
    const res = await npmRun(['restore', bogus], env(dataDir))
    expect(res.code).toBe(1)
    expect(res.output).toContain('is not a PGlite backup')
    expect(existsSync(pgliteDir(dataDir))).toBe(false)
    // Something answers on PORT (a server holding the folder): both commands refuse.
    const server = http.createServer((_req, res) => res.end('{"status":"ok"}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const port = String(typeof address === 'object' && address ? address.port : 0)
    try {
      for (const args of [['backup'], ['restore', bogus]]) {
        const busy = await npmRun(args, { ...env(dataDir), PORT: port, HOST: '127.0.0.1' })
        expect(busy.code).toBe(1)
        expect(busy.output).toContain(`A server answers on port ${port}`)
      }
    } finally {
      server.close()
    }
    const help = await npmRun(['restore'], env(dataDir))
    expect(help.code).toBe(2)
    expect(help.output).toContain('Stop the server first')
  },
)
