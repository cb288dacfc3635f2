import { afterAll, beforeAll, expect, test } from 'vitest'

import { signInCookieAt } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'

let database: TestDatabase
let servers: RunningServer[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'session-token-test-secret-0123456789-abcdefghij',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
  }
  servers = await Promise.all([
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-session-a' }),
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-session-b' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

test('a token issued through process A is refused by both processes once process B signs the session out', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  const email = `two.processes.${Date.now().toString(36)}@example.com`
  const signUp = await fetch(`${a}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ name: 'Two Processes', email, password: 'two-process-pass' }),
  })
  expect(signUp.status).toBe(200)
  const cookie = await signInCookieAt(a, email, 'two-process-pass')
  const issued = await fetch(`${a}/api/user/${email}`, {
    method: 'PUT',
    headers: { cookie, origin: TEST_ORIGIN },
  })
  expect(issued.status).toBe(200)
  const { token } = (await issued.json()) as { token: string }
  const profileAt = async (base: string) =>
    (
      await fetch(`${base}/api/user?email=${email}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status

  expect([await profileAt(a), await profileAt(b)]).toEqual([200, 200])
  const out = await fetch(`${b}/api/auth/sign-out`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: TEST_ORIGIN },
    body: '{}',
  })
  expect(out.status).toBe(200)
  expect([await profileAt(a), await profileAt(b)]).toEqual([401, 401])
})
