import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { verifyThroughOutbox } from './accounts.js'
import { TEST_ORIGIN } from './app.js'
import { startServer } from './server-process.js'
import { expectSigtermDrains } from './sigterm-drain.js'

/**
 * Stops, clean and unclean, of a real server process on the embedded database:
 * SIGTERM drains, and PGlite keeps its data through a SIGKILL.
 */

const env = (dataDir: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  AUTH_SECRET: 'shutdown-test-secret-0123456789-abcdefghijklmno',
  PUBLIC_URL: TEST_ORIGIN,
  NODE_ENV: 'test',
  ...extra,
})

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'toolworks-stop-'))

test(
  'SIGTERM drains: the request in flight finishes, new ones are refused, the process exits 0 within 10 s',
  { timeout: 45_000 },
  async ({ onTestFinished }) => {
    await expectSigtermDrains(env(tempDir()), onTestFinished)
  },
)

test(
  'the embedded database survives SIGKILL: a restart on the same DATA_DIR has every row',
  { timeout: 90_000 },
  async ({ onTestFinished }) => {
    const dataDir = tempDir()
    const boss = 'boss@example.com'
    const first = await startServer(env(dataDir, { ADMIN_EMAILS: boss }))
    onTestFinished(async () => void (await first.kill('SIGKILL')))
    const password = 'unclean-stop-pass'
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ name: 'Boss', email: boss, password }),
    })
    expect(signUp.status).toBe(200)
    // ADMIN_EMAILS: the mailbox owner follows the link and chooses the password.
    await verifyThroughOutbox(first.url, dataDir, boss, password)
    const sent = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const res = await fetch(`${first.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Sender ${i}`, email: `s${i}@example.com`, message: 'Hi' }),
        })
        return res.status
      }),
    )
    expect(sent).toEqual([201, 201, 201, 201, 201])
    expect(await first.kill('SIGKILL')).toBeNull()

    const second = await startServer(env(dataDir, { ADMIN_EMAILS: boss }))
    onTestFinished(() => second.stop())
    const signIn = await fetch(`${second.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email: boss, password }),
    })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const tokenRes = await fetch(`${second.url}/api/user/${boss}`, {
      method: 'PUT',
      headers: { cookie, origin: TEST_ORIGIN },
    })
    const { token } = (await tokenRes.json()) as { token: string }
    const list = await fetch(`${second.url}/api/contact`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(list.status).toBe(200)
    const messages = (await list.json()) as unknown[]
    expect(messages).toHaveLength(5)
  },
)
