import { messages, ProfileSchema } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import {
  bearer,
  followAdminVerificationLink,
  linksSentTo,
  signInCookie,
  signUp,
  uniqueEmail,
  verifyEmail,
  type TestUser,
} from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { startGoogleStandIn } from '../../../test/oidc-server.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { sessions, users } from '../../db/schema/index.js'

// Runs in both projects: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
const database = useTestDatabase()

/** The admin routes' answers for this caller: list users, add a product, make an admin. */
async function adminRouteStatuses(app: App, who: TestUser, product: object, other: string) {
  const list = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(who) })
  const add = await app.inject({
    method: 'POST',
    url: '/api/tool',
    headers: bearer(who),
    payload: product,
  })
  const make = await app.inject({
    method: 'PUT',
    url: `/api/user/admin/${other}`,
    headers: bearer(who),
  })
  return [list.statusCode, add.statusCode, make.statusCode]
}

const productWith = (image: string) => ({
  name: 'Verified spanner',
  quantity: 5,
  price: 9.5,
  minimum: 1,
  description: 'A spanner.',
  image,
})

const signInWith = (app: App, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  })

test('pre-registering an admin address: whoever pre-registers an ADMIN_EMAILS address never gets in, the mailbox owner does', async ({
  onTestFinished,
}) => {
  const bossEmail = uniqueEmail('boss')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [bossEmail] })
  const customer = await signUp(app)

  // The attacker signs up as the admin address with a password of their choice: no session.
  const attack = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'Attacker', email: bossEmail, password: 'attacker-pass' },
  })
  expect(attack.statusCode).toBe(200)
  expect(attack.json()).toMatchObject({ token: null, message: messages.accounts.adminCheckMailbox })
  expect(attack.headers['set-cookie']).toBeUndefined()
  // Signing in is refused, with the right password too, before the mailbox is proven.
  const early = await signInWith(app, bossEmail, 'attacker-pass')
  expect(early.statusCode).toBe(403)
  expect(early.json()).toMatchObject({ message: messages.accounts.adminConfirmFirst })
  expect(early.headers['set-cookie']).toBeUndefined()

  // A session and a token the attacker might hold from before this rule: made directly.
  const [row] = await database.current.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, bossEmail))
  const sessionToken = `attacker-session-${Date.now()}`
  await database.current.db.insert(sessions).values({
    id: `attacker-${Date.now()}`,
    token: sessionToken,
    userId: row!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  const [old] = await database.current.db
    .select()
    .from(sessions)
    .where(eq(sessions.token, sessionToken))
  const oldToken = await app.services.tokens.sign({
    userId: row!.id,
    email: bossEmail,
    sessionId: old!.id,
  })
  const attacker: TestUser = {
    email: bossEmail,
    name: '',
    password: '',
    cookie: '',
    token: oldToken,
  }
  // While unverified, that token is not even signed in.
  expect(
    (await app.inject({ method: 'GET', url: `/api/admin/${bossEmail}`, headers: bearer(attacker) }))
      .statusCode,
  ).toBe(401)

  // The real owner clicks the mailed link: it leads to choosing a password, nobody is signed in.
  const resetToken = await followAdminVerificationLink(app, bossEmail)
  expect(resetToken).toBeTruthy()
  expect(
    await database.current.db.select().from(sessions).where(eq(sessions.userId, row!.id)),
  ).toEqual([])
  // The attacker's token, password and (signed) cookie give nothing, not even a sign-in.
  expect(
    (await app.inject({ method: 'GET', url: `/api/admin/${bossEmail}`, headers: bearer(attacker) }))
      .statusCode,
  ).toBe(401)
  expect(
    await adminRouteStatuses(app, attacker, productWith('/media/x-800.webp'), customer.email),
  ).toEqual([401, 401, 401])
  expect((await signInWith(app, bossEmail, 'attacker-pass')).statusCode).toBe(401)

  // The owner chooses a password and is the admin; the attacker's password still fails.
  const chosen = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token: resetToken, newPassword: 'owner-chosen-pass' },
  })
  expect(chosen.statusCode).toBe(200)
  expect((await signInWith(app, bossEmail, 'attacker-pass')).statusCode).toBe(401)
  const cookie = await signInCookie(app, bossEmail, 'owner-chosen-pass')
  const tokenRes = await app.inject({
    method: 'PUT',
    url: `/api/user/${bossEmail}`,
    headers: { cookie, origin: TEST_ORIGIN },
  })
  const owner: TestUser = {
    email: bossEmail,
    name: '',
    password: '',
    cookie,
    token: tokenRes.json<{ token: string }>().token,
  }
  const image = await uploadedImageUrl(app, owner)
  expect(await adminRouteStatuses(app, owner, productWith(image), customer.email)).toEqual([
    200, 201, 200,
  ])
  expect(
    (await app.inject({ method: 'GET', url: `/api/admin/${bossEmail}`, headers: bearer(attacker) }))
      .statusCode,
  ).toBe(401)
})

test('an unproven ADMIN_EMAILS owner who lost the link proves the mailbox with "Reset password"', async ({
  onTestFinished,
}) => {
  const bossEmail = uniqueEmail('boss')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [bossEmail] })
  await signUp(app, { email: bossEmail, password: 'typed-at-sign-up', unverified: true })
  const ask = await app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    payload: { email: bossEmail, redirectTo: `${TEST_ORIGIN}/reset-password` },
  })
  expect(ask.statusCode).toBe(200)
  const link = (await linksSentTo(app, bossEmail))
    .filter((l) => l.includes('/reset-password/'))
    .pop()
  const token = new URL(link ?? '').pathname.split('/').pop()
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword: 'owner-chosen-pass' },
  })
  expect(reset.statusCode).toBe(200)
  expect((await signInWith(app, bossEmail, 'typed-at-sign-up')).statusCode).toBe(401)
  const cookie = await signInCookie(app, bossEmail, 'owner-chosen-pass')
  const tokenRes = await app.inject({
    method: 'PUT',
    url: `/api/user/${bossEmail}`,
    headers: { cookie, origin: TEST_ORIGIN },
  })
  const own = await app.inject({
    method: 'GET',
    url: `/api/admin/${bossEmail}`,
    headers: bearer(tokenRes.json<{ token: string }>()),
  })
  expect(own.json()).toEqual({ admin: true })
})

test('other accounts keep their flow: a session at sign-up, verification when convenient', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished, {
    adminEmails: [uniqueEmail('boss')],
  })
  const customer = await signUp(app)
  expect(customer.token).not.toBe('')
  await verifyEmail(app, customer.email)
  const profile = ProfileSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: `/api/user?email=${customer.email}`,
        headers: bearer(customer),
      })
    ).json(),
  )
  expect(profile).toMatchObject({ role: 'customer', emailVerified: true })
})

const cookiesOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ')

/**
 * Signs in through the Google stand-in's code flow and asks for a bearer token: the token
 * answer's status and the user (token empty unless 200).
 */
async function googleSignIn(app: App, email: string): Promise<{ status: number; user: TestUser }> {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider: 'google', callbackURL: '/dashboard' },
  })
  const consent = await fetch(new URL(start.json<{ url: string }>().url), { redirect: 'manual' })
  const callback = new URL(consent.headers.get('location') ?? '')
  const done = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookiesOf(start.headers['set-cookie']) },
  })
  const cookie = cookiesOf(done.headers['set-cookie'])
  const token = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { cookie, origin: TEST_ORIGIN },
  })
  const user = { email, name: '', password: '', cookie, token: '' }
  if (token.statusCode === 200) user.token = token.json<{ token: string }>().token
  return { status: token.statusCode, user }
}

async function appWithGoogle(onTestFinished: (fn: () => Promise<void>) => void) {
  const google = await startGoogleStandIn()
  onTestFinished(() => google.stop())
  const bossEmail = uniqueEmail('gboss')
  const app = await buildTestApp(database.current, onTestFinished, {
    adminEmails: [bossEmail],
    google: {
      clientId: 'toolworks-test',
      clientSecret: 'test-client-secret',
      discoveryUrl: google.discoveryUrl,
    },
  })
  return { google, bossEmail, app }
}

test('Google sign-in of an ADMIN_EMAILS address with a verified Google e-mail is a proven mailbox: admin', async ({
  onTestFinished,
}) => {
  const { google, bossEmail, app } = await appWithGoogle(onTestFinished)
  google.signInAs({ email: bossEmail, name: 'Google Boss', emailVerified: true })
  const { status, user: boss } = await googleSignIn(app, bossEmail)
  expect(status).toBe(200)
  const own = await app.inject({
    method: 'GET',
    url: `/api/admin/${bossEmail}`,
    headers: bearer(boss),
  })
  expect(own.json()).toEqual({ admin: true })
  const list = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(boss) })
  expect(list.statusCode).toBe(200)
})

test('Google sign-in of an ADMIN_EMAILS address whose Google e-mail is not verified signs nobody in', async ({
  onTestFinished,
}) => {
  const { google, bossEmail, app } = await appWithGoogle(onTestFinished)
  google.signInAs({ email: bossEmail, name: 'Google Boss', emailVerified: false })
  const { status } = await googleSignIn(app, bossEmail)
  expect(status).toBe(401)
})

test('a pre-registered password account of an ADMIN_EMAILS address does not survive the owner', async ({
  onTestFinished,
}) => {
  const { google, bossEmail, app } = await appWithGoogle(onTestFinished)
  await signUp(app, { email: bossEmail, password: 'attacker-pass', unverified: true })
  // Google is not linked to an account whose mailbox nobody proved (Better Auth's
  // requireLocalEmailVerified): the owner arriving through Google gets no session of it.
  google.signInAs({ email: bossEmail, name: 'Google Boss', emailVerified: true })
  expect((await googleSignIn(app, bossEmail)).status).toBe(401)
  expect((await signInWith(app, bossEmail, 'attacker-pass')).statusCode).toBe(403)
  // The owner follows the mailed link and chooses a password; then Google links too, and the
  // attacker's password is gone.
  const token = await followAdminVerificationLink(app, bossEmail)
  await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword: 'owner-chosen-pass' },
  })
  expect((await signInWith(app, bossEmail, 'attacker-pass')).statusCode).toBe(401)
  const { status, user: boss } = await googleSignIn(app, bossEmail)
  expect(status).toBe(200)
  const own = await app.inject({
    method: 'GET',
    url: `/api/admin/${bossEmail}`,
    headers: bearer(boss),
  })
  expect(own.json()).toEqual({ admin: true })
})
