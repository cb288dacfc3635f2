import { ProfileSchema, UserListSchema } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer, linksSentTo, signUp, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { startGoogleStandIn } from '../../../test/oidc-server.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { users } from '../../db/schema/index.js'

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

test('an ADMIN_EMAILS address is a customer until its email is verified; the link makes it admin with the same token', async ({
  onTestFinished,
}) => {
  const bossEmail = uniqueEmail('boss')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [bossEmail] })
  const claimer = await signUp(app, { email: bossEmail, unverified: true })
  const customer = await signUp(app)

  // Whoever signed up first without opening the mailbox has no admin powers.
  expect(
    await adminRouteStatuses(app, claimer, productWith('/media/x-800.webp'), customer.email),
  ).toEqual([403, 403, 403])
  const own = await app.inject({
    method: 'GET',
    url: `/api/admin/${bossEmail}`,
    headers: bearer(claimer),
  })
  expect(own.json()).toEqual({ admin: false })

  // The mailbox owner clicks the link from the outbox: no new sign-up, the same token.
  const [link] = await linksSentTo(app, bossEmail)
  expect(link).toContain('/api/auth/verify-email?token=')
  const verify = await app.inject({ method: 'GET', url: (link ?? '').replace(TEST_ORIGIN, '') })
  expect(verify.statusCode).toBeLessThan(400)

  const image = await uploadedImageUrl(app, claimer)
  expect(await adminRouteStatuses(app, claimer, productWith(image), customer.email)).toEqual([
    200, 201, 200,
  ])
  const list = UserListSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(claimer) })).json(),
  )
  expect(list.find((u) => u.email === bossEmail)?.role).toBe('admin')
})

test('an unverified ADMIN_EMAILS account stored as admin before this rule has no admin powers', async ({
  onTestFinished,
}) => {
  const bossEmail = uniqueEmail('boss')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [bossEmail] })
  const claimer = await signUp(app, { email: bossEmail, unverified: true })
  const customer = await signUp(app)
  // What the old sign-up hook wrote: role admin at once, email never verified.
  await database.current.db.update(users).set({ role: 'admin' }).where(eq(users.email, bossEmail))

  expect(
    await adminRouteStatuses(app, claimer, productWith('/media/x-800.webp'), customer.email),
  ).toEqual([403, 403, 403])
  const profile = ProfileSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: `/api/user?email=${bossEmail}`,
        headers: bearer(claimer),
      })
    ).json(),
  )
  expect(profile).toMatchObject({ role: 'customer', emailVerified: false })
})

const cookiesOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ')

/** Signs in through the Google stand-in's code flow and takes a bearer token. */
async function googleSignIn(app: App, email: string): Promise<TestUser> {
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
  expect(done.statusCode).toBe(302)
  const cookie = cookiesOf(done.headers['set-cookie'])
  const token = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { cookie, origin: TEST_ORIGIN },
  })
  expect(token.statusCode).toBe(200)
  return { email, name: '', password: '', cookie, token: token.json<{ token: string }>().token }
}

test.for([
  { emailVerified: true, admin: true, users: 200 },
  { emailVerified: false, admin: false, users: 403 },
])(
  'Google sign-in of an ADMIN_EMAILS address whose ID token says email_verified=$emailVerified: admin $admin',
  async ({ emailVerified, admin, users: expected }, { onTestFinished }) => {
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
    google.signInAs({ email: bossEmail, name: 'Google Boss', emailVerified })
    const boss = await googleSignIn(app, bossEmail)

    const own = await app.inject({
      method: 'GET',
      url: `/api/admin/${bossEmail}`,
      headers: bearer(boss),
    })
    expect(own.json()).toEqual({ admin })
    const list = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(boss) })
    expect(list.statusCode).toBe(expected)
  },
)
