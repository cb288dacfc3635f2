import { ProfileSchema } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { startGoogleStandIn } from '../../../test/oidc-server.js'

const database = useTestDatabase()

const cookiesOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ')

test('Google sign-in runs the OpenID Connect code flow with PKCE and creates a verified account', async ({
  onTestFinished,
}) => {
  const google = await startGoogleStandIn()
  onTestFinished(() => google.stop())
  const app = await buildTestApp(database.current, onTestFinished, {
    google: {
      clientId: 'toolworks-test',
      clientSecret: 'test-client-secret',
      discoveryUrl: google.discoveryUrl,
    },
  })
  const email = uniqueEmail('gmail')
  google.signInAs({ email, name: 'Nusrat Jahan' })

  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider: 'google', callbackURL: '/dashboard' },
  })
  expect(start.statusCode).toBe(200)
  const authorizeUrl = new URL(start.json<{ url: string }>().url)
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
    `${TEST_ORIGIN}/api/auth/callback/google`,
  )
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy()

  // The browser visits the provider, which sends it back to our callback with a code.
  const consent = await fetch(authorizeUrl, { redirect: 'manual' })
  const callback = new URL(consent.headers.get('location') ?? '')
  expect(callback.pathname).toBe('/api/auth/callback/google')

  const done = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookiesOf(start.headers['set-cookie']) },
  })
  expect(done.statusCode).toBe(302)
  expect(done.headers.location).toBe('/dashboard')
  const session = cookiesOf(done.headers['set-cookie'])
  expect(session).toContain('session_token')

  const token = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { cookie: session },
  })
  expect(token.statusCode).toBe(200)
  const profile = ProfileSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: `/api/user?email=${email}`,
        headers: bearer(token.json()),
      })
    ).json(),
  )
  expect(profile).toMatchObject({
    email,
    name: 'Nusrat Jahan',
    emailVerified: true,
    role: 'customer',
  })
})

test('a callback with a forged state signs nobody in', async ({ onTestFinished }) => {
  const google = await startGoogleStandIn()
  onTestFinished(() => google.stop())
  const app = await buildTestApp(database.current, onTestFinished, {
    google: {
      clientId: 'toolworks-test',
      clientSecret: 'test-client-secret',
      discoveryUrl: google.discoveryUrl,
    },
  })
  const res = await app.inject({
    method: 'GET',
    url: '/api/auth/callback/google?code=abc&state=forged',
  })
  expect(res.statusCode).toBe(302)
  expect(res.headers.location).toMatch(/error=/)
  expect(cookiesOf(res.headers['set-cookie'])).not.toContain('session_token=')
})
