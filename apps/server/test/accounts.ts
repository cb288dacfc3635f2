import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import type { App } from '../src/app.js'
import type { Db } from '../src/db/client.js'
import { sessions, users } from '../src/db/schema/index.js'
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
 * Signs up through Better Auth like the browser does, signs in (sign-up makes no session),
 * then takes a bearer token. An ADMIN_EMAILS address may not sign in before its mailbox is
 * proven: its link from the outbox is followed and the password chosen on the
 * page it leads to first, unless the test asks for `unverified` (then cookie and token are
 * empty).
 */
export async function signUp(
  app: App,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> & {
    unverified?: boolean
    /**
     * Follows the verification link too, for any address: what an unverified account may
     * hold unpaid is bounded, and the first-order discount needs a verified e-mail.
     */
    verified?: boolean
    /** The address the sign-up comes from (sign-ups are limited per address). */
    remoteAddress?: string
  } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail()
  const name = overrides.name ?? 'Rahim Uddin'
  const password = overrides.password ?? 'correct horse'
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.config.publicUrl },
    payload: { name, email, password },
    ...(overrides.remoteAddress && { remoteAddress: overrides.remoteAddress }),
  })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  if (app.config.adminEmails.includes(email.toLowerCase())) {
    if (overrides.unverified) return { email, name, password, cookie: '', token: '' }
    await choosePasswordThroughLink(app, email, password)
  }
  // Sign-up signs nobody in (it answers an existing address as a new one): the browser signs
  // in next, from the same address.
  const cookie = await signInCookie(app, email, password, overrides.remoteAddress)
  const tokenRes = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin: app.config.publicUrl },
    payload: { email },
  })
  if (tokenRes.statusCode !== 200)
    throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`)
  if (
    overrides.verified &&
    !overrides.unverified &&
    !app.config.adminEmails.includes(email.toLowerCase())
  )
    await verifyEmail(app, email)
  return { email, name, password, cookie, token: tokenRes.json<{ token: string }>().token }
}

/** Signs in with e-mail and password (from `remoteAddress`, if given); the session cookie. */
export async function signInCookie(
  app: App,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.config.publicUrl },
    payload: { email, password },
    ...(remoteAddress && { remoteAddress }),
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  return cookieHeader(res.headers['set-cookie'])
}

/**
 * For a server process: signs in with e-mail and password (sign-up makes no session), sending
 * `headers` too (an `x-forwarded-for` of the customer's own); the session cookie.
 */
export async function signInCookieAt(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/**
 * The mailbox owner of an ADMIN_EMAILS address follows the newest verification link, which
 * leads to the web's reset page, and chooses `password` there. The reset token, for tests
 * that look at the steps.
 */
export async function choosePasswordThroughLink(
  app: App,
  email: string,
  password: string,
): Promise<void> {
  const token = await followAdminVerificationLink(app, email)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: app.config.publicUrl },
    payload: { token, newPassword: password },
  })
  if (res.statusCode !== 200) throw new Error(`choosing failed: ${res.statusCode} ${res.body}`)
}

/** Follows the newest verification link of an ADMIN_EMAILS address: the reset token it leads to. */
export async function followAdminVerificationLink(app: App, email: string): Promise<string> {
  const link = (await linksSentTo(app, email)).filter((l) => l.includes('/verify-email?')).pop()
  if (!link) throw new Error(`no verification link was sent to ${email}`)
  const res = await app.inject({ method: 'GET', url: link.replace(app.config.publicUrl, '') })
  const location = new URL(String(res.headers.location ?? ''), app.config.publicUrl)
  const token = location.searchParams.get('token')
  if (res.statusCode !== 302 || location.pathname !== '/reset-password' || !token)
    throw new Error(`verification did not lead to choosing a password: ${res.statusCode}`)
  return token
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
 * For a server process: the mailbox owner follows the newest verification link in its outbox
 * (the mail may be written a moment after the sign-up answers: it is looked for a while). For
 * an ADMIN_EMAILS address the link leads to choosing a password: `password` is
 * chosen there, and afterwards the address signs in with it.
 */
export async function verifyThroughOutbox(
  baseUrl: string,
  dataDir: string,
  email: string,
  password?: string,
): Promise<void> {
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
  if (password === undefined) return
  const token = new URL(res.headers.get('location') ?? '/', baseUrl).searchParams.get('token')
  if (res.status !== 302 || !token)
    throw new Error(`verification led to no password: ${res.status}`)
  const chosen = await fetch(`${baseUrl}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ token, newPassword: password }),
  })
  if (chosen.status !== 200) throw new Error(`choosing the password failed: ${chosen.status}`)
}

/**
 * For a server process: signs an ADMIN_EMAILS address up, proves its mailbox through the
 * outbox (choosing `password`), signs in and takes a bearer token.
 */
export async function adminTokenThroughOutbox(
  baseUrl: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<string> {
  const json = { 'content-type': 'application/json', origin: TEST_ORIGIN }
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Shop Admin', email, password }),
  })
  await verifyThroughOutbox(baseUrl, dataDir, email, password)
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  })
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = await fetch(`${baseUrl}/api/user/${email}`, {
    method: 'PUT',
    headers: { cookie, origin: TEST_ORIGIN },
  })
  if (token.status !== 200) throw new Error(`admin token failed: ${token.status}`)
  return ((await token.json()) as { token: string }).token
}

/**
 * A token an attacker could hold for an ADMIN_EMAILS address they signed up without proving
 * the mailbox: sign-up gives no session now, so the session is written
 * directly, as one made before the rule would be. Every route must treat it as no token.
 */
export async function unprovenAdminToken(app: App, db: Db, email: string): Promise<TestUser> {
  await signUp(app, { email, unverified: true })
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no account for ${email}`)
  const sessionId = `legacy-${randomUUID()}`
  await db.insert(sessions).values({
    id: sessionId,
    token: randomUUID(),
    userId: row.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  const token = await app.services.tokens.sign({ userId: row.id, email, sessionId })
  return { email, name: '', password: '', cookie: '', token }
}
