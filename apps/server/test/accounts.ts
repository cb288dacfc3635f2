import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import type { App } from '../src/app.js'
import { TEST_ORIGIN } from './app.js'

let sequence = 0

export function uniqueEmail(prefix = 'customer'): string {
  sequence += 1
  return `${prefix}.${Date.now().toString(36)}.${sequence}@example.com`
}

function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return list.map((c) => c.split(';')[0]).join('; ')
}

export type TestUser = {
  email: string
  name: string
  password: string
  cookie: string
  token: string
}

/**
 * Signs up through Better Auth like the browser does, then takes a bearer token. An
 * ADMIN_EMAILS address is an admin only once verified (issue 13), so its link from the
 * outbox is followed too, unless the test asks for `unverified`.
 */
export async function signUp(
  app: App,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> & {
    unverified?: boolean
    /**
     * Follows the verification link too, for any address: what an unverified account may
     * hold unpaid is bounded, and the first-order discount needs a verified e-mail (issue 25).
     */
    verified?: boolean
  } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail()
  const name = overrides.name ?? 'Rahim Uddin'
  const password = overrides.password ?? 'correct horse'
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const cookie = cookieHeader(res.headers['set-cookie'])
  const tokenRes = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { email },
  })
  if (tokenRes.statusCode !== 200)
    throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`)
  if (
    !overrides.unverified &&
    (overrides.verified || app.config.adminEmails.includes(email.toLowerCase()))
  )
    await verifyEmail(app, email)
  return { email, name, password, cookie, token: tokenRes.json<{ token: string }>().token }
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` })

/** The links in the emails sent to an address, newest last (the outbox in DATA_DIR). */
export async function linksSentTo(app: App, email: string): Promise<string[]> {
  return linksInOutbox(app.config.dataDir, email)
}

/** The same for a server process, by its DATA_DIR. */
export async function linksInOutbox(dataDir: string, email: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [])).sort()
  const links: string[] = []
  for (const file of files) {
    const text = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '')
    if (!text.includes(`To: ${email}`)) continue
    for (const match of text.matchAll(/https?:\/\/\S+/g)) links.push(match[0].replace(/=3D/g, '='))
  }
  return links
}

/** Follows the newest verification link sent to the address, as its owner would. */
export async function verifyEmail(app: App, email: string): Promise<void> {
  const link = (await linksSentTo(app, email)).filter((l) => l.includes('/verify-email?')).pop()
  if (!link) throw new Error(`no verification link was sent to ${email}`)
  const res = await app.inject({ method: 'GET', url: link.replace(app.config.publicUrl, '') })
  if (res.statusCode >= 400) throw new Error(`verification failed: ${res.statusCode} ${res.body}`)
}

/**
 * For a server process: follows the newest verification link in its outbox against its
 * address (an ADMIN_EMAILS address is an admin only once verified, issue 13).
 */
export async function verifyThroughOutbox(
  baseUrl: string,
  dataDir: string,
  email: string,
): Promise<void> {
  // The mail may be written a moment after the sign-up answers: look again for a while.
  const deadline = Date.now() + 10_000
  let link: string | undefined
  while (!link) {
    link = (await linksInOutbox(dataDir, email)).filter((l) => l.includes('/verify-email?')).pop()
    if (!link && Date.now() > deadline) throw new Error(`no verification link was sent to ${email}`)
    if (!link) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const url = new URL(link)
  const res = await fetch(`${baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' })
  if (res.status >= 400) throw new Error(`verification failed: ${res.status}`)
}
