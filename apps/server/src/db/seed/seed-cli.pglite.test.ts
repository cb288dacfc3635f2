import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { passwordsInFile, signIn } from '../../../test/demo-accounts.js'
import { openDatabase } from '../client.js'

const run = promisify(execFile)
const serverDir = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * `npm run seed` in a development shop: the demo accounts it writes can sign in (issue 18).
 * Production never gets them: the same gate as the server's start (demoAccountsAllowed, tested
 * in demo-accounts.test.ts). Slow (a child process encodes the demo images): a long timeout.
 */
test('npm run seed in a development shop makes demo accounts whose passwords sign in', async ({
  onTestFinished,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-seed-cli-'))
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
  const seed = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/db/seed/run.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
    })

  const { stdout } = await seed({ DATA_DIR: dataDir })
  expect(stdout).toMatch(/2 demo accounts, 60 orders, 7 quote requests added/)
  expect(stdout).toContain('Admin:     admin@demo.toolworks.test')
  expect(statSync(path.join(dataDir, 'demo-accounts.txt')).mode & 0o777).toBe(0o600)

  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })
  onTestFinished(() => database.close())
  const app = await buildTestApp(database, onTestFinished)
  const admin = passwordsInFile(dataDir).get('admin@demo.toolworks.test')
  const signedIn = await signIn(app, 'admin@demo.toolworks.test', admin?.password ?? '')
  expect(signedIn.token).toBeTruthy()
}, 90_000)
