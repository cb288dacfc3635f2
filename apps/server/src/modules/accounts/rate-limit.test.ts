import { expect, test } from 'vitest'

import { like, sql } from 'drizzle-orm'

import { signUp } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { selectRows } from '../../db/client.js'
import { rateLimitCounters, rateLimits } from '../../db/schema/index.js'
import { sweepRateLimits } from '../../plugins/rate-limit-store.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

test('sign-in is limited to 10 a minute per address, counted in the database across server processes', async ({
  onTestFinished,
}) => {
  const a = await buildTestApp(database.current, onTestFinished)
  const b = await buildTestApp(database.current, onTestFinished)
  let n = 0
  // Different emails each time, so only the per-address limit can trip.
  const attempt = (app: typeof a, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN, 'x-toolworks-client-ip': '10.9.9.9' },
      payload: { email: `nobody${++n}@example.com`, password: 'wrong password' },
    })

  const statuses: number[] = []
  for (let i = 0; i < 10; i++)
    statuses.push((await attempt(i % 2 === 0 ? a : b, '203.0.113.7')).statusCode)
  expect(statuses).toEqual(Array(10).fill(401))

  const limited = await attempt(b, '203.0.113.7')
  expect(limited.statusCode).toBe(429)
  expect(limited.json<{ error: { message: string } }>().error.message).toMatch(/too many/i)

  // Another address is not locked out, and the spoofed client-IP header above changed nothing.
  expect((await attempt(a, '198.51.100.20')).statusCode).toBe(401)
})

test('sign-in for one email is limited to 10 a minute even from many addresses', async () => {
  const app = testApp.current
  const user = await signUp(app)
  const attempt = (n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `198.51.100.${n}`,
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email.toUpperCase(), password: 'wrong password' },
    })
  // The sign-in that follows sign-up counted once: nine wrong passwords fill the e-mail's ten.
  for (let i = 1; i <= 9; i++) expect((await attempt(i)).statusCode).toBe(401)
  const limited = await attempt(11)
  expect(limited.statusCode).toBe(429)
  expect(limited.json()).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: 'Too many attempts; try again in 1 minute, or reset your password.',
    },
  })
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)

  // The right password for another account from the same addresses still works.
  const other = await signUp(app)
  const ok = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: '198.51.100.12',
    headers: { origin: TEST_ORIGIN },
    payload: { email: other.email, password: other.password },
  })
  expect(ok.statusCode).toBe(200)
})

test('reading the session is not limited per address, while sign-in from that address still is', async () => {
  const app = testApp.current
  const user = await signUp(app)
  const office = '203.0.113.50'
  // An office behind one address: 150 page loads in a minute, each reading the session.
  const reads = await Promise.all(
    Array.from({ length: 150 }, () =>
      app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        remoteAddress: office,
        headers: { cookie: user.cookie },
      }),
    ),
  )
  expect(reads.filter((r) => r.statusCode === 200)).toHaveLength(150)
  expect(
    reads.every((r) => r.json<{ user?: { email: string } }>().user?.email === user.email),
  ).toBe(true)

  let n = 0
  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: office,
      headers: { origin: TEST_ORIGIN },
      payload: { email: `office${++n}@example.com`, password: 'wrong password' },
    })
  for (let i = 0; i < 10; i++) expect((await signIn()).statusCode).toBe(401)
  expect((await signIn()).statusCode).toBe(429)
})

test('ten wrong passwords from elsewhere do not lock the owner out where they signed in before', async () => {
  const app = testApp.current
  const home = '192.0.2.44'
  const signInFrom = (remoteAddress: string, email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    })
  const owner = await signUp(app)
  // The owner signed in from home once (the sign-in after sign-up was from the test's address).
  expect((await signInFrom(home, owner.email, owner.password)).statusCode).toBe(200)

  // Someone else tries ten passwords from ten addresses: the e-mail is over its limit.
  // (The owner's own two sign-ins counted too: eight more fill the e-mail's ten.)
  for (let i = 1; i <= 8; i++)
    expect((await signInFrom(`198.51.100.${i}`, owner.email, 'wrong password')).statusCode).toBe(
      401,
    )
  expect((await signInFrom('198.51.100.10', owner.email, 'wrong password')).statusCode).toBe(429)
  // From home, the owner still gets in; a wrong password from home is still just wrong.
  expect((await signInFrom(home, owner.email, 'wrong password')).statusCode).toBe(401)
  expect((await signInFrom(home, owner.email, owner.password)).statusCode).toBe(200)

  // Anyone else, right password or not, is told when to try again and the other way in.
  for (const password of [owner.password, 'wrong password']) {
    const limited = await signInFrom('203.0.113.99', owner.email, password)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ error: { message: string } }>().error.message).toBe(
      'Too many attempts; try again in 1 minute, or reset your password.',
    )
    expect(limited.headers['set-cookie']).toBeUndefined()
  }

  // A new password forgets the addresses: home is then like anywhere else.
  await app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: home,
    headers: { origin: TEST_ORIGIN },
    payload: { email: owner.email, redirectTo: '/reset-password' },
  })
  const { linksSentTo } = await import('../../../test/accounts.js')
  const link = (await linksSentTo(app, owner.email))
    .filter((l) => l.includes('/reset-password/'))
    .pop()
  const token = new URL(link ?? '').pathname.split('/').pop()
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: home,
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword: 'a brand new one' },
  })
  expect(reset.statusCode).toBe(200)
  expect((await signInFrom(home, owner.email, 'a brand new one')).statusCode).toBe(429)
})

test('an address over its limit writes no per-e-mail counter', async () => {
  const app = testApp.current
  const stamp = Date.now().toString(36)
  const attempt = (n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '203.0.113.201',
      headers: { origin: TEST_ORIGIN },
      payload: { email: `sprayed${n}.${stamp}@example.com`, password: 'wrong password' },
    })
  for (let n = 1; n <= 10; n++) expect((await attempt(n)).statusCode).toBe(401)
  for (let n = 11; n <= 30; n++) expect((await attempt(n)).statusCode).toBe(429)
  const rows = await database.current.db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `auth-email:%sprayed%.${stamp}@example.com`))
  // (The key names the path and the e-mail: auth-email:/api/auth/sign-in/email:<email>.)
  expect(rows).toHaveLength(10)
})

test('rate-limit counters whose window has ended are swept; running windows stay', async () => {
  const app = testApp.current
  const { db } = database.current
  const now = Date.now()
  const stamp = `sweep-${now.toString(36)}`
  await db.insert(rateLimitCounters).values([
    { key: `${stamp}:ended`, count: 3, windowStartMs: now - 61_000, windowMs: 60_000 },
    { key: `${stamp}:running`, count: 3, windowStartMs: now - 59_000, windowMs: 600_000 },
  ])
  await db.insert(rateLimits).values([
    { id: `${stamp}-a`, key: `${stamp}:ba-ended`, count: 2, lastRequest: now - 3_600_000 },
    { id: `${stamp}-b`, key: `${stamp}:ba-running`, count: 2, lastRequest: now },
  ])
  // The sweeper every process runs on a timer (lib/periodic-task.ts).
  await app.services.rateLimitSweeper.sweep()
  const left = await selectRows<{ key: string }>(
    db,
    sql`select key from rate_limit_counters where key like ${`${stamp}%`}
        union all select key from rate_limit where key like ${`${stamp}%`} order by key`,
  )
  const keys = left.map((r) => r.key)
  expect(keys).toEqual([`${stamp}:ba-running`, `${stamp}:running`])
  // A counter written by a hit records its window, so it is swept once that ends.
  expect(await sweepRateLimits(db, 60_000, now + 10 * 60_000 + 1)).toBeGreaterThan(0)
})
