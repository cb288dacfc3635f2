import { createHmac } from 'node:crypto'

import type { App } from '../src/app.js'
import { uniqueEmail, type TestUser } from './accounts.js'

/** Password hashes by app and password: hashing is the slow part, and the tests reuse a few. */
const hashes = new WeakMap<App, Map<string, Promise<string>>>()

function passwordHash(app: App, hash: (password: string) => Promise<string>, password: string) {
  let known = hashes.get(app)
  if (!known) {
    known = new Map()
    hashes.set(app, known)
  }
  let found = known.get(password)
  if (!found) {
    found = hash(password)
    known.set(password, found)
  }
  return found
}

export type UserOverrides = Partial<Pick<TestUser, 'email' | 'name' | 'password'>> & {
  /** A proven mailbox: what an unverified account may hold unpaid is bounded. */
  verified?: boolean
  /** An ADMIN_EMAILS address whose mailbox is not proven: no session, no token. */
  unverified?: boolean
}

/**
 * A signed-in account made the way the Epic Stack's tests make theirs: the rows written
 * through Better Auth's own adapter (its hooks run: every account starts as a customer, the
 * name is fitted), a session it would have made at sign-in, its signed cookie, and a bearer
 * token as PUT /api/user/{email} signs it. Sign-up and sign-in over HTTP cost two password
 * hashes and a mail each; the tests of signing up and in (accounts, auth paths, admin
 * addresses, display names, rate limits) still go through them with signUp (accounts.ts).
 *
 * An ADMIN_EMAILS address is an admin once its mailbox is proven: made verified unless the test
 * asks for `unverified` (then no session: cookie and token are empty).
 */
export async function createUser(app: App, overrides: UserOverrides = {}): Promise<TestUser> {
  const email = (overrides.email ?? uniqueEmail()).toLowerCase()
  const name = overrides.name ?? 'Rahim Uddin'
  const password = overrides.password ?? 'correct horse'
  const admin = app.config.adminEmails.includes(email)
  const context = await app.services.auth.$context
  const user = await context.internalAdapter.createUser(
    {
      email,
      name,
      emailVerified: admin ? !overrides.unverified : overrides.verified === true,
    },
    { method: 'email-password' },
  )
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await passwordHash(app, (p) => context.password.hash(p), password),
  })
  if (admin && overrides.unverified) return { email, name, password, cookie: '', token: '' }
  const session = await context.internalAdapter.createSession(user.id)
  // Better Auth's signed cookie: the token, a dot, and its HMAC-SHA256 under the secret.
  const signature = createHmac('sha256', context.secret).update(session.token).digest('base64')
  const cookieName = context.authCookies.sessionToken.name
  const cookie = `${cookieName}=${encodeURIComponent(`${session.token}.${signature}`)}`
  const token = await app.services.tokens.sign({ userId: user.id, email, sessionId: session.id })
  return { email, name, password, cookie, token }
}

/**
 * The account's mailbox is proven, as following its verification link would leave it: for
 * tests about what a verified account may do, not about the link (accounts tests follow it).
 */
export async function markVerified(app: App, email: string): Promise<void> {
  const context = await app.services.auth.$context
  await context.internalAdapter.updateUserByEmail(email.toLowerCase(), { emailVerified: true })
}
