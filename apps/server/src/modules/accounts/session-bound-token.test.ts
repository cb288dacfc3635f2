import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { describe, expect, test } from 'vitest'

import { bearer, linksSentTo, signUp, type TestUser } from '../../../test/accounts.js'
import { TEST_ORIGIN, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { sessions, users } from '../../db/schema/index.js'

// Runs in both projects: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
const database = useTestDatabase()
const testApp = useTestApp(database)

const profileStatus = async (app: App, user: TestUser) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/user?email=${user.email}`,
      headers: bearer(user),
    })
  ).statusCode

describe('a bearer token dies with the session it was issued for', () => {
  test('it names the session by id, never by its secret token', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const [row] = await database.current.db
      .select({ id: sessions.id, token: sessions.token })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, user.email))
    expect(decodeJwt(user.token).sid).toBe(row?.id)
    expect(user.token).not.toContain(row?.token ?? 'no session')
  })

  test('sign-out', async () => {
    const app = testApp.current
    const user = await signUp(app)
    const other = await signUp(app)
    expect(await profileStatus(app, user)).toBe(200)
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: {},
    })
    expect(out.statusCode).toBe(200)
    expect(await profileStatus(app, user)).toBe(401)
    // Somebody else's session is untouched.
    expect(await profileStatus(app, other)).toBe(200)
  })

  test('password reset', async () => {
    const app = testApp.current
    const user = await signUp(app)
    expect(await profileStatus(app, user)).toBe(200)
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    const link = (await linksSentTo(app, user.email)).find((l) => l.includes('reset-password'))
    const token = /reset-password\/([^?]+)/.exec(link ?? '')?.[1]
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: 'a brand new secret' },
    })
    expect(reset.statusCode).toBe(200)
    expect(await profileStatus(app, user)).toBe(401)
  })

  test('"revoke sessions"', async () => {
    const app = testApp.current
    const user = await signUp(app)
    expect(await profileStatus(app, user)).toBe(200)
    const revoke = await app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: {},
    })
    expect(revoke.statusCode).toBe(200)
    expect(await profileStatus(app, user)).toBe(401)
  })

  test('session expiry', async () => {
    const app = testApp.current
    const user = await signUp(app)
    expect(await profileStatus(app, user)).toBe(200)
    const [row] = await database.current.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email))
    await database.current.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, row?.id ?? ''))
    expect(await profileStatus(app, user)).toBe(401)
  })
})
