import { HealthSchema } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'

import { signInCookie, signUp } from '../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { redisUrlOnPort, useRedisPrefix } from '../../test/redis.js'
import { freePort } from '../../test/sslcommerz.js'
import { startTcpProxy } from '../../test/tcp-proxy.js'
import { selectRows } from '../db/client.js'
import type { App } from '../app.js'

const database = useTestDatabase()

const redisTarget = () => {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
  return { host: url.hostname, port: Number(url.port || 6379) }
}

function signInFrom(app: App, remoteAddress: string, email: string, password = 'wrong password') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  })
}

/** The session token inside a Better Auth cookie header (its value before the signature). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0] ?? ''

const sessionOf = async (app: App, cookie: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie, origin: TEST_ORIGIN },
    })
  ).json<{ user?: { email: string } } | null>()

test('with Redis, limits and sessions live there and not in PostgreSQL', async ({
  onTestFinished,
}) => {
  const { config, direct, prefix } = useRedisPrefix(onTestFinished)
  const app = await buildTestApp(database.current, onTestFinished, { redis: config })
  const user = await signUp(app)
  // The sign-in after sign-up counted once: nine wrong passwords fill the e-mail's ten.
  for (let i = 0; i < 9; i++)
    expect((await signInFrom(app, '203.0.113.5', user.email)).statusCode).toBe(401)
  const limited = await signInFrom(app, '203.0.113.5', user.email)
  expect(limited.statusCode).toBe(429)
  // Someone signs up with the address: the owner's one mail a window is counted there too.
  const again = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: '203.0.113.6',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'Someone', email: user.email, password: 'another one' },
  })
  expect(again.statusCode).toBe(200)

  const keys = (await direct.keys(`${prefix}*`)).map((k) => k.slice(prefix.length))
  expect(keys).toContain('rate-limit:auth-address:/sign-in/email:203.0.113.5')
  expect(keys.filter((key) => key.includes('sign-up-attempt-mail:'))).toHaveLength(1)
  // The session Better Auth made at sign-up, by its token, with the account in it.
  const stored = await direct.get(`${prefix}auth:${tokenOf(user.cookie)}`)
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ user: { email: user.email } })
  expect((await sessionOf(app, user.cookie))?.user?.email).toBe(user.email)

  // No counter row in either table: the orders' database takes no limit writes.
  const rows = await selectRows<{ n: number }>(
    database.current.db,
    sql`select (select count(*) from rate_limit_counters)::int
             + (select count(*) from rate_limit)::int as n`,
  )
  expect(rows[0]?.n).toBe(0)
})

test('a Redis cut mid-run: reads answer, limits count per process (sign-in too, never 503), the signed-in stay signed in; back, limits count in Redis again', async ({
  onTestFinished,
}) => {
  const proxy = await startTcpProxy(redisTarget())
  onTestFinished(() => proxy.close())
  const { config, direct, prefix } = useRedisPrefix(onTestFinished, redisUrlOnPort(proxy.port))
  const app = await buildTestApp(database.current, onTestFinished, { redis: config })
  const user = await signUp(app)
  expect((await sessionOf(app, user.cookie))?.user?.email).toBe(user.email)
  // A second browser of the same account, signed out while Redis is away (below).
  const other = await signInCookie(app, user.email, user.password)
  expect((await sessionOf(app, other))?.user?.email).toBe(user.email)

  const health = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    return { code: res.statusCode, body: HealthSchema.parse(res.json()) }
  }
  expect(await health()).toEqual({
    code: 200,
    body: { status: 'ok', database: 'up', redis: 'up' },
  })

  await proxy.cut()
  await vi.waitFor(() => expect(app.services.redis?.status).not.toBe('ready'))
  // Health tells monitoring, and keeps the process in the pool: the shop still answers.
  expect(await health()).toEqual({
    code: 200,
    body: { status: 'ok', database: 'up', redis: 'down' },
  })

  // Reads answer.
  const tools = await app.inject({ method: 'GET', url: '/api/tool' })
  expect(tools.statusCode).toBe(200)
  // Other limits still count, in this process's memory: 10 sign-ups to the newsletter per
  // address per 10 minutes, then 429.
  const subscribe = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/subscribe',
      remoteAddress: '198.51.100.20',
      payload: { email: `rahim${i}@example.com` },
    })
  for (let i = 0; i < 10; i++) expect((await subscribe(i)).statusCode).toBeLessThan(300)
  expect((await subscribe(10)).statusCode).toBe(429)
  // No credential route answers 503: sign-in works, and guesses are counted per process.
  for (const [url, payload] of [
    ['/api/auth/sign-up/email', { name: 'New One', email: 'new@example.com', password: 'secret!' }],
    ['/api/auth/request-password-reset', { email: user.email }],
    ['/api/auth/reset-password', { token: 'x', newPassword: 'another one' }],
    ['/api/auth/send-verification-email', { email: user.email }],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.21',
      headers: { origin: TEST_ORIGIN },
      payload,
    })
    expect(res.statusCode, url).not.toBe(503)
    expect(res.statusCode, url).toBeLessThan(500)
  }
  expect((await signInFrom(app, '198.51.100.21', user.email, user.password)).statusCode).toBe(200)
  for (let i = 0; i < 10; i++)
    expect((await signInFrom(app, '198.51.100.23', `guess${i}@example.com`)).statusCode).toBe(401)
  const limited = await signInFrom(app, '198.51.100.23', 'guess10@example.com')
  expect(limited.statusCode).toBe(429)
  expect(limited.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED')
  // Nothing of it reached Redis.
  expect(await direct.keys(`${prefix}rate-limit:auth-address:*198.51.100.23`)).toEqual([])
  // The signed-in user stays signed in: the session comes from the database.
  expect((await sessionOf(app, user.cookie))?.user?.email).toBe(user.email)
  const me = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(user.email)}`,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    payload: { email: user.email },
  })
  expect(me.statusCode).toBe(200)
  const signOut = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { cookie: other, origin: TEST_ORIGIN },
  })
  expect(signOut.statusCode).toBe(200)
  expect(await sessionOf(app, other)).toBeNull()

  await proxy.restore()
  await vi.waitFor(() => expect(app.services.redis?.status).toBe('ready'), { timeout: 10_000 })
  expect((await health()).body.redis).toBe('up')
  // Redis still held the signed-out session's copy; it must not answer for it again.
  await vi.waitFor(async () => expect(await sessionOf(app, other)).toBeNull())
  expect((await sessionOf(app, user.cookie))?.user?.email).toBe(user.email)
  // Better Auth's keys were dropped, and sessions are read from Redis again afterwards: a
  // copy changed in Redis is what get-session answers.
  await vi.waitFor(async () =>
    expect(await direct.get(`${prefix}auth:${tokenOf(other)}`)).toBeNull(),
  )
  const fresh = await signInCookie(app, user.email, user.password)
  const key = `${prefix}auth:${tokenOf(fresh)}`
  const copy = JSON.parse((await direct.get(key)) ?? '{}') as { user: { name: string } }
  await direct.set(key, JSON.stringify({ ...copy, user: { ...copy.user, name: 'From Redis' } }))
  await vi.waitFor(async () =>
    expect((await sessionOf(app, fresh)) as { user?: { name?: string } }).toMatchObject({
      user: { name: 'From Redis' },
    }),
  )
  // Other e-mails each time, so only the per-address limit counts.
  for (let i = 0; i < 10; i++)
    expect((await signInFrom(app, '198.51.100.22', `nobody${i}@example.com`)).statusCode).toBe(401)
  expect((await signInFrom(app, '198.51.100.22', 'nobody10@example.com')).statusCode).toBe(429)
  expect(await direct.get(`${prefix}rate-limit:auth-address:/sign-in/email:198.51.100.22`)).toBe(
    '11',
  )
})

test('a Redis that hangs with its connection open answers as a dead one: within the command timeout', async ({
  onTestFinished,
}) => {
  const proxy = await startTcpProxy(redisTarget())
  onTestFinished(() => proxy.close())
  const { config } = useRedisPrefix(onTestFinished, redisUrlOnPort(proxy.port))
  const app = await buildTestApp(database.current, onTestFinished, { redis: config })
  const user = await signUp(app)

  proxy.stall()
  expect(app.services.redis?.status).toBe('ready')
  // Each of these waits on Redis, which never answers: without the command timeout they
  // would hang until the test's own timeout.
  expect((await sessionOf(app, user.cookie))?.user?.email).toBe(user.email)
  expect((await app.inject({ method: 'GET', url: '/api/tool' })).statusCode).toBe(200)
  const signIn = await signInFrom(app, '198.51.100.30', user.email, user.password)
  expect(signIn.statusCode).toBe(200)
})

test('a Redis that cannot be reached at all (a closed port): sign-in works and is limited per process', async ({
  onTestFinished,
}) => {
  const { config } = useRedisPrefix(onTestFinished, redisUrlOnPort(await freePort()))
  const app = await buildTestApp(database.current, onTestFinished, { redis: config })
  expect(app.services.redis?.status).not.toBe('ready')
  const user = await signUp(app)
  expect((await signInFrom(app, '198.51.100.40', user.email, user.password)).statusCode).toBe(200)
  for (let i = 1; i < 10; i++)
    expect((await signInFrom(app, '198.51.100.40', user.email)).statusCode).toBe(401)
  const limited = await signInFrom(app, '198.51.100.40', user.email, user.password)
  expect(limited.statusCode).toBe(429)
  // Another address has its own count.
  const other = await signUp(app)
  expect((await signInFrom(app, '198.51.100.41', other.email, other.password)).statusCode).toBe(200)
})
