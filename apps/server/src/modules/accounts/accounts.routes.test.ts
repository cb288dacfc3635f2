import { ErrorBodySchema, ProfileSchema, UserListSchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, linksSentTo, signUp, uniqueEmail } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

describe('sign-up and tokens', () => {
  test('sign-up creates a customer with the display name and sends a verification link that works', async () => {
    const app = testApp.current
    const user = await signUp(app, { name: 'Karim Hossain' })

    const profile = ProfileSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/user?email=${user.email}`,
          headers: bearer(user),
        })
      ).json(),
    )
    expect(profile).toMatchObject({
      email: user.email,
      name: 'Karim Hossain',
      role: 'customer',
      emailVerified: false,
    })

    const [link] = await linksSentTo(app, user.email)
    expect(link).toContain(`${TEST_ORIGIN}/api/auth/verify-email?token=`)
    const verify = await app.inject({ method: 'GET', url: (link ?? '').replace(TEST_ORIGIN, '') })
    expect(verify.statusCode).toBeLessThan(400)
    const after = ProfileSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/user?email=${user.email}`,
          headers: bearer(user),
        })
      ).json(),
    )
    expect(after.emailVerified).toBe(true)
  })

  test('PUT /api/user/{email} gives a token only for the email of the signed-in session', async () => {
    const app = testApp.current
    const a = await signUp(app)
    const b = await signUp(app)

    const other = await app.inject({
      method: 'PUT',
      url: `/api/user/${b.email}`,
      headers: { cookie: a.cookie },
    })
    expect(other.statusCode).toBe(403)
    expect(ErrorBodySchema.parse(other.json()).error.code).toBe('FORBIDDEN')

    const anonymous = await app.inject({ method: 'PUT', url: `/api/user/${a.email}` })
    expect(anonymous.statusCode).toBe(401)
  })

  test('bearer routes refuse a missing, forged or foreign-secret token', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const [header, payload] = user.token.split('.')
    for (const authorization of [
      undefined,
      'Bearer nonsense',
      `Bearer ${header}.${payload}.forged-signature`,
      user.token,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin/${user.email}`,
        headers: authorization ? { authorization } : {},
      })
      expect(res.statusCode).toBe(401)
    }
  })

  test('wrong passwords and unknown emails get one clear message, a taken email no session', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: 'not the password' },
    })
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: uniqueEmail('nobody'), password: 'whatever1' },
    })
    // The same answer for both: sign-in does not tell whether an email has an account.
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json<{ message: string }>().message).toBe(
      unknown.json<{ message: string }>().message,
    )
    expect(wrong.headers['set-cookie']).toBeUndefined()

    const taken = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Again', email: user.email, password: 'another one' },
    })
    // Answered as a new address is (sign-up-existing.test.ts compares the two in full).
    expect(taken.statusCode).toBe(200)
    expect(taken.headers['set-cookie']).toBeUndefined()
  })

  test('PUT /api/user/{email} with the cookie from a foreign Origin is refused with no token', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const ask = (origin?: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/user/${user.email}`,
        headers: { cookie: user.cookie, ...(origin !== undefined && { origin }) },
        payload: { email: user.email },
      })
    for (const origin of ['https://evil.example', 'null', `${TEST_ORIGIN}.evil.example`]) {
      const foreign = await ask(origin)
      expect(foreign.statusCode, origin).toBe(403)
      expect(ErrorBodySchema.parse(foreign.json()).error.code).toBe('FORBIDDEN')
      expect(foreign.body).not.toContain('token')
    }
    const site = await ask(TEST_ORIGIN)
    expect(site.statusCode).toBe(200)
    expect(site.json<{ token: string }>().token).toBeTruthy()
    // No Origin at all: not a browser (curl, a script holding the cookie itself), allowed.
    expect((await ask()).statusCode).toBe(200)
  })

  test('a cookie-carrying sign-in from a foreign origin is refused', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { email: user.email, password: user.password },
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('password reset', () => {
  test('sends a one-time link that sets a new password; the answer is the same for unknown emails', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const ask = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN },
        payload: { email, redirectTo: '/reset-password' },
      })
    const known = await ask(user.email)
    const unknown = await ask(uniqueEmail('ghost'))
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)

    const link = (await linksSentTo(app, user.email)).find((l) => l.includes('reset-password'))
    const token = /reset-password\/([^?]+)/.exec(link ?? '')?.[1]
    expect(token).toBeTruthy()
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: 'brand new secret' },
    })
    expect(reset.statusCode).toBe(200)
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: 'third secret' },
    })
    expect(again.statusCode).toBe(400)

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: 'brand new secret' },
    })
    expect(signIn.statusCode).toBe(200)
  })
})

describe('roles, profile and users', () => {
  test('ADMIN_EMAILS are admins once their email is verified; others are customers', async ({
    onTestFinished,
  }) => {
    const bossEmail = uniqueEmail('boss')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [bossEmail] })
    const boss = await signUp(app, { email: bossEmail })
    const customer = await signUp(app)

    const own = await app.inject({
      method: 'GET',
      url: `/api/admin/${boss.email}`,
      headers: bearer(boss),
    })
    expect(own.json()).toEqual({ admin: true })
    const mine = await app.inject({
      method: 'GET',
      url: `/api/admin/${customer.email}`,
      headers: bearer(customer),
    })
    expect(mine.json()).toEqual({ admin: false })
    const nosy = await app.inject({
      method: 'GET',
      url: `/api/admin/${boss.email}`,
      headers: bearer(customer),
    })
    expect(nosy.statusCode).toBe(403)
  })

  test('a customer updates their own profile; location may come as address; every field is required', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const other = await signUp(app)
    const body = {
      phone: '+880 1711 000000',
      address: 'Gazipur, Dhaka',
      education: 'BSc Mechanical',
      linkedin: 'https://linkedin.com/in/rahim',
    }

    const ok = await app.inject({
      method: 'PUT',
      url: `/api/updateduser?email=${user.email}`,
      headers: bearer(user),
      payload: body,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ acknowledged: true, modifiedCount: 1 })
    const profile = ProfileSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/user?email=${user.email}`,
          headers: bearer(user),
        })
      ).json(),
    )
    expect(profile).toMatchObject({
      phone: body.phone,
      location: 'Gazipur, Dhaka',
      education: body.education,
      linkedin: body.linkedin,
    })

    const missing = await app.inject({
      method: 'PUT',
      url: `/api/updateduser?email=${user.email}`,
      headers: bearer(user),
      payload: { ...body, phone: '  ' },
    })
    expect(missing.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(missing.json()).error.fields?.phone).toBe('phone is required')

    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/updateduser?email=${other.email}`,
      headers: bearer(user),
      payload: body,
    })
    expect(foreign.statusCode).toBe(403)
    const peek = await app.inject({
      method: 'GET',
      url: `/api/user?email=${other.email}`,
      headers: bearer(user),
    })
    expect(peek.statusCode).toBe(403)
  })

  test('an admin lists users newest first and makes a customer admin; customers cannot', async ({
    onTestFinished,
  }) => {
    const bossEmail = uniqueEmail('boss')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [bossEmail] })
    const boss = await signUp(app, { email: bossEmail })
    const first = await signUp(app)
    const second = await signUp(app)

    const list = UserListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(boss) })).json(),
    )
    expect(list.map((u) => u.email)).toEqual([second.email, first.email, boss.email])

    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(first) })).statusCode,
    ).toBe(403)
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/user/admin/${second.email}`,
      headers: bearer(first),
    })
    expect(refused.statusCode).toBe(403)

    const made = await app.inject({
      method: 'PUT',
      url: `/api/user/admin/${first.email}`,
      headers: bearer(boss),
    })
    expect(made.json()).toEqual({ modifiedCount: 1 })
    const again = await app.inject({
      method: 'PUT',
      url: `/api/user/admin/${first.email}`,
      headers: bearer(boss),
    })
    expect(again.json()).toEqual({ modifiedCount: 0 })
    // The role is read from the database on every call: the old token now carries admin rights.
    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(first) })).statusCode,
    ).toBe(200)
  })
})

describe('session cookie', () => {
  /** The session cookie of a new account's first sign-in (sign-up itself makes none). */
  const signInCookieFor = async (app: Awaited<ReturnType<typeof buildTestApp>>, origin: string) => {
    const credentials = { email: uniqueEmail('cookie'), password: 'secret123' }
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { name: 'Cookie Check', ...credentials },
    })
    expect(signedUp.statusCode).toBe(200)
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: credentials,
    })
    expect(res.statusCode).toBe(200)
    const raw = res.headers['set-cookie']
    const list = Array.isArray(raw) ? raw : [raw ?? '']
    return list.find((c) => c.includes('session_token=')) ?? ''
  }

  test('is httpOnly and SameSite=Lax, and not Secure over plain http', async () => {
    const app = testApp.current
    const cookie = await signInCookieFor(app, TEST_ORIGIN)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/;\s*Secure/i)
  })

  test('is Secure when the shop is served over https', async ({ onTestFinished }) => {
    const origin = 'https://shop.example.com'
    const app = await buildTestApp(database.current, onTestFinished, { publicUrl: origin })
    const cookie = await signInCookieFor(app, origin)
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
  })
})
