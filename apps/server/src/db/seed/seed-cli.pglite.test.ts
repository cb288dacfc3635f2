import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { passwordsInFile, signIn } from '../../../test/demo-accounts.js'
import { scriptArgs, startServer } from '../../../test/server-process.js'
import { openDatabase } from '../client.js'
import { REMOVE_DEMO_COMMAND } from './demo-accounts.js'

const run = promisify(execFile)
const serverDir = fileURLToPath(new URL('../../..', import.meta.url))

const seedIn = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [...scriptArgs('src/db/seed/run.ts'), ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  })

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'production-secret-that-is-long-enough-0123456789',
  SEED_DEMO: 'false',
}

/** A production start that is expected to stop at once: its exit code and what it printed. */
async function productionStartRefused(dataDir: string) {
  try {
    await run(process.execPath, scriptArgs('src/server.ts'), {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, ...PRODUCTION },
      timeout: 60_000,
    })
    return { code: 0, stderr: '' }
  } catch (error) {
    const failed = error as { code?: number; stderr?: string }
    return { code: failed.code, stderr: failed.stderr ?? '' }
  }
}

test('npm run seed without --demo adds no accounts, even in a development shop', async ({
  onTestFinished,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-seed-plain-'))
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
  const { stdout } = await seedIn(dataDir)
  expect(stdout).toMatch(/ 0 demo accounts, 0 orders, 0 quote requests added/)
  expect(stdout).not.toContain('demo.toolworks.test')
  expect(existsSync(path.join(dataDir, 'demo-accounts.txt'))).toBe(false)
}, 90_000)

/**
 * `npm run seed -- --demo` in a development shop: the demo accounts it writes can sign in.
 * Production never gets them: a production start refuses while they exist and says
 * how to remove them; once removed, it starts. One seeded folder for both halves:
 * a child process encodes the demo images, the slow part, once.
 */
test('npm run seed -- --demo makes demo accounts that sign in; production refuses to start until they are removed', async ({
  onTestFinished,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-seed-cli-'))
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
  const { stdout } = await seedIn(dataDir, '--demo')
  expect(stdout).toMatch(/2 demo accounts, 60 orders, 7 quote requests added/)
  expect(stdout).toContain('Admin:     admin@demo.toolworks.test')
  expect(statSync(path.join(dataDir, 'demo-accounts.txt')).mode & 0o777).toBe(0o600)

  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })
  try {
    // Closed here, before the production start needs the folder to itself.
    const app = await buildTestApp(database, () => undefined)
    const admin = passwordsInFile(dataDir).get('admin@demo.toolworks.test')
    const signedIn = await signIn(app, 'admin@demo.toolworks.test', admin?.password ?? '')
    expect(signedIn.token).toBeTruthy()
    await app.close()
  } finally {
    await database.close()
  }

  const refused = await productionStartRefused(dataDir)
  expect(refused.code).toBe(1)
  const lines = refused.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  // The demo admin, the demo buyer and the other buyers of the demo history.
  const held = /holds (\d+) demo account\(s\)/.exec(lines[0] ?? '')?.[1]
  expect(Number(held)).toBeGreaterThanOrEqual(2)
  expect(lines[0]).toContain(REMOVE_DEMO_COMMAND)

  const removed = await seedIn(dataDir, '--remove-demo')
  expect(removed.stdout).toContain(`Removed ${held} demo account(s)`)
  const server = await startServer({ DATA_DIR: dataDir, ...PRODUCTION }, 60_000)
  const tools = await fetch(`${server.url}/api/tool`)
  await server.stop()
  expect(tools.status).toBe(200)
  expect(((await tools.json()) as unknown[]).length).toBeGreaterThan(0)
}, 240_000)
