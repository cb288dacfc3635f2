import { readFileSync } from 'node:fs'

import { expect } from 'vitest'

import type { App } from '../src/app.js'
import { demoAccountsFile } from '../src/db/seed/demo-accounts.js'
import { TEST_ORIGIN } from './app.js'

/** Helpers of the demo-account tests. */

/** The e-mail → password of the file, as a person would read it. */
export function passwordsInFile(dataDir: string): Map<string, { password: string; role: string }> {
  const found = new Map<string, { password: string; role: string }>()
  for (const line of readFileSync(demoAccountsFile(dataDir), 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue
    const [email = '', password = '', role = ''] = line.split(' ')
    found.set(email, { password, role })
  }
  return found
}

/** Email sign-in through Better Auth like the browser, then the API's bearer token. */
export async function signIn(app: App, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  })
  if (res.statusCode !== 200) return { status: res.statusCode, token: undefined }
  const setCookie = res.headers['set-cookie']
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ')
  const tokenRes = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { email },
  })
  expect(tokenRes.statusCode).toBe(200)
  return { status: 200, token: tokenRes.json<{ token: string }>().token }
}
