import http from 'node:http'

import { ErrorBodySchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { signUp } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { canonicalAuthPath } from './auth.js'

const database = useTestDatabase()

type Raw = { statusCode: number; headers: http.IncomingHttpHeaders; body: string }

/**
 * The app listening behind a trusted proxy address, and a client that sends the path byte
 * for byte (fetch and app.inject would resolve the dot segments before sending).
 */
async function listening(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return (method: string, path: string, client: string, payload?: object): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const body = payload ? JSON.stringify(payload) : undefined
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: {
            origin: TEST_ORIGIN,
            'x-forwarded-for': client,
            ...(body && { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (d: string) => (text += d))
          res.on('end', () =>
            resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: text }),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })
}

/** Spellings that `new URL` or Better Auth's router would take to the same endpoint. */
const spellingsOf = (endpoint: string) => {
  const [first, ...rest] = endpoint.split('/')
  const tail = rest.join('/')
  return [
    `/api/auth/./${endpoint}`,
    `/api/auth/x/../${endpoint}`,
    `/api/auth/%2e/${endpoint}`,
    `/api/auth/%2E/${endpoint}`,
    `/api/auth/x/%2e%2e/${endpoint}`,
    `/api/auth/x/%2E%2E/${endpoint}`,
    `/api/auth//${endpoint}`,
    `/api/auth/${endpoint}/`,
    `/api/auth/x/..\\${endpoint}`,
    ...(tail
      ? [
          `/api/auth/${first}//${tail}`,
          `/api/auth/${first}%2f${tail}`,
          `/api/auth/${first}%2F${tail}`,
        ]
      : []),
  ]
}

describe('only the canonical spelling of an auth path is served', () => {
  test('unit: the canonical form is recognised, every other spelling is not', () => {
    expect(canonicalAuthPath('/api/auth/sign-in/email?x=1')).toBe('/api/auth/sign-in/email')
    expect(canonicalAuthPath('/api/auth/reset-password/AbC123_-x')).toBe(
      '/api/auth/reset-password/AbC123_-x',
    )
    for (const spelling of spellingsOf('sign-in/email'))
      expect(canonicalAuthPath(spelling), spelling).toBeUndefined()
  })

  test.for(['sign-in/email', 'sign-up/email', 'request-password-reset'])(
    'POST %s spelled any other way answers 404 in the error shape and reaches nothing',
    async (endpoint, { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, {
        trustProxy: ['127.0.0.1'],
      })
      const user = await signUp(app)
      const send = await listening(app)
      let n = 0
      for (const url of spellingsOf(endpoint)) {
        const res = await send('POST', url, `192.0.2.${++n}`, {
          name: 'Walker',
          email: user.email,
          password: user.password,
        })
        expect(res.statusCode, url).toBe(404)
        expect(ErrorBodySchema.parse(JSON.parse(res.body)).error.code, url).toBe('NOT_FOUND')
        expect(res.headers['set-cookie'], url).toBeUndefined()
      }
    },
  )

  test('GET get-session spelled another way answers 404 too', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      trustProxy: ['127.0.0.1'],
    })
    const send = await listening(app)
    for (const url of spellingsOf('get-session')) {
      const res = await send('GET', url, '192.0.2.1')
      expect(res.statusCode, url).toBe(404)
    }
  })

  test('one email gets 10 password checks a minute, whatever the mix of spellings', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      trustProxy: ['127.0.0.1'],
    })
    const user = await signUp(app)
    const send = await listening(app)
    const others = spellingsOf('sign-in/email')
    let n = 0
    // A new address each time, so only the per-email limit can trip.
    const attempt = (url: string, password = 'wrong password') =>
      send('POST', url, `198.51.${Math.floor(++n / 200)}.${n % 200}`, {
        email: user.email,
        password,
      })

    const statuses: number[] = []
    for (let round = 0; round < 11; round++) {
      statuses.push((await attempt('/api/auth/sign-in/email')).statusCode)
      for (const url of others) statuses.push((await attempt(url)).statusCode)
    }
    // Exactly 10 attempts reached the password check, the sign-in after sign-up the first of
    // them; every other one was refused.
    expect(statuses.filter((s) => s === 401)).toHaveLength(9)
    expect(statuses.every((s) => s === 401 || s === 404 || s === 429)).toBe(true)
    // The 10th canonical attempt here, even with the right password, is refused.
    expect(statuses[9 * (1 + others.length)]).toBe(429)
    expect((await attempt('/api/auth/sign-in/email', user.password)).statusCode).toBe(429)
  })
})
