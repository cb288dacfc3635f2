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
  const user = await signUp(a)
  const attempt = (app: typeof a, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN, 'x-toolworks-client-ip': '10.9.9.9' },
      payload: { email: user.email, password: 'wrong password' },
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
