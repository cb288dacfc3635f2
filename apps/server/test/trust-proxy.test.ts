import { expect, test } from 'vitest'

import { loadConfig } from '../src/config.js'
import { buildTestApp } from './app.js'
import { useTestDatabase } from './database.js'

const database = useTestDatabase()

const message = { name: 'Rahim', email: 'rahim@example.com', message: 'Do you cut 8 mm plate?' }

test('TRUST_PROXY takes the proxies addresses or ranges; true only outside production', () => {
  expect(loadConfig({}).trustProxy).toBe(false)
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
  expect(
    loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, fd00::/8, loopback' }).trustProxy,
  ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'])
  for (const bad of [
    '<script>',
    '10.0.0.0/33',
    'proxy.example.com',
    '10.0.0.1/8/8',
    '::1/129',
    ',',
  ])
    expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must list the proxies/)

  const live = { NODE_ENV: 'production', AUTH_SECRET: 'a-secret-that-is-long-enough-0123456789' }
  expect(() => loadConfig({ ...live, TRUST_PROXY: 'true' })).toThrow(
    /TRUST_PROXY=true would believe any client's X-Forwarded-For .*e\.g\. 10\.0\.0\.0\/8,127\.0\.0\.1/,
  )
  expect(loadConfig({ ...live, TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5'])
})

test('behind a trusted proxy each client has its own address, and its own limits', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished, { trustProxy: ['127.0.0.1'] })
  const send = (client: string) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-forwarded-for': client },
      payload: message,
    })
  // The contact form allows 5 messages per 10 minutes per address.
  const first = await Promise.all([1, 2, 3, 4, 5, 6].map(() => send('203.0.113.7')))
  expect(first.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429])
  expect((await send('198.51.100.20')).statusCode).toBe(201)
})

test('without a trusted proxy a forwarded address is ignored', async ({ onTestFinished }) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const codes: number[] = []
  for (const client of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4', '5.5.5.5', '6.6.6.6']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-forwarded-for': client },
      payload: message,
    })
    codes.push(res.statusCode)
  }
  expect(codes).toEqual([201, 201, 201, 201, 201, 429])
})
