import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { count } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { users } from '../schema/index.js'
import { demoAccountsFile } from './demo-accounts.js'
import { seedDemoData } from './seed.js'

const database = useTestDatabase()

test('two processes seeding an empty database at once make the demo accounts once', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const hashPassword = (await app.services.auth.$context).password.hash
  // Each "process" has its own DATA_DIR, so the file shows which one made the accounts.
  const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'toolworks-demo-race-')))
  const results = await Promise.all(
    dirs.map((dataDir) =>
      seedDemoData(database.current.db, app.services.media, { dataDir, hashPassword }),
    ),
  )
  expect(results.map((r) => r.accounts).sort()).toEqual([0, 2])
  const [userCount] = await database.current.db.select({ n: count() }).from(users)
  expect(userCount?.n).toBe(6)
  const winner = results.findIndex((r) => r.accounts === 2)
  expect(dirs.map((d) => existsSync(demoAccountsFile(d)))).toEqual(dirs.map((_, i) => i === winner))
})
