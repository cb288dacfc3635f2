import { expect, test } from 'vitest'

import { signUp } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'

const database = useTestDatabase()

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
  expect(limited.json<{ message: string }>().message).toMatch(/too many/i)

  // Another address is not locked out, and the spoofed client-IP header above changed nothing.
  expect((await attempt(a, '198.51.100.20')).statusCode).toBe(401)
})

test('sign-in for one email is limited to 10 a minute even from many addresses', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const user = await signUp(app)
  const attempt = (n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `198.51.100.${n}`,
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email.toUpperCase(), password: 'wrong password' },
    })
  for (let i = 1; i <= 10; i++) expect((await attempt(i)).statusCode).toBe(401)
  const limited = await attempt(11)
  expect(limited.statusCode).toBe(429)
  expect(limited.json()).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    },
  })

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

test('reading the session is not limited per address, while sign-in from that address still is', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
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
