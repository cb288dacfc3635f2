import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { startServer, type RunningServer } from './server-process.js'

const NOTICE = /Demo shop at .*/

/** The demo line comes just after the ready line; a start without one waits this long. */
async function noticeOf(server: RunningServer, waitMs = 1_500): Promise<string | undefined> {
  const until = Date.now() + waitMs
  while (Date.now() < until) {
    const match = NOTICE.exec(server.output())
    if (match) return match[0]
    await new Promise((r) => setTimeout(r, 100))
  }
  return undefined
}

function passwordsIn(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split(' ')[1] ?? '')
}

test('a development start makes the demo accounts once and names their file, never a password', async ({
  onTestFinished,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-demo-'))
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'development' }
  const file = path.join(dataDir, 'demo-accounts.txt')

  const first = await startServer(env, 60_000)
  const line = await noticeOf(first, 10_000)
  await first.stop()
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const passwords = passwordsIn(file)
  expect(passwords).toHaveLength(2)
  expect(line).toContain(`admin@demo.toolworks.test (password in ${file})`)
  expect(line).toContain('/api/docs')
  expect(line).toContain(path.join(dataDir, 'outbox'))
  for (const p of passwords) expect(first.output()).not.toContain(p)

  const before = readFileSync(file, 'utf8')
  const second = await startServer(env, 60_000)
  const again = await noticeOf(second, 10_000)
  await second.stop()
  expect(again).toBe(line)
  expect(readFileSync(file, 'utf8')).toBe(before)
  for (const p of passwords) expect(second.output()).not.toContain(p)
}, 150_000)

test('a production start makes no demo accounts and prints none, even with SEED_DEMO=true', async ({
  onTestFinished,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-demo-prod-'))
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-secret-that-is-long-enough-0123456789',
    },
    60_000,
  )
  const line = await noticeOf(server)
  await server.stop()
  expect(line).toBeUndefined()
  expect(server.output()).not.toMatch(/demo\.toolworks\.test|demo-accounts/)
  expect(existsSync(path.join(dataDir, 'demo-accounts.txt'))).toBe(false)
}, 120_000)
