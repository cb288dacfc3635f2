import helmet from '@fastify/helmet'
import Fastify from 'fastify'
import { describe, expect, test } from 'vitest'

import { useTestApp } from '../../test/app.js'
import { EARLY_CLICKS_CSP_SOURCE } from '../lib/early-clicks.js'
import { useTestDatabase } from '../../test/database.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

describe('security headers made once, not by helmet on every request', () => {
  test('an answer, a JSON 404 and a refused body all carry helmet headers', async () => {
    const app = testApp.current
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/tool?limit=1' }),
      app.inject({ method: 'GET', url: '/api/no-such-route' }),
      app.inject({ method: 'GET', url: '/api/tool?limit=-5' }),
    ])
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400])
    for (const res of answers) {
      for (const name of HELMET_HEADERS) expect(res.headers[name], name).toBeDefined()
      expect(res.headers['x-frame-options']).toBe('DENY')
    }
  })

  test('the values are exactly what @fastify/helmet itself sends for the same options', async ({
    onTestFinished,
  }) => {
    const app = testApp.current
    const ours = await app.inject({ method: 'GET', url: '/api/tool?limit=1' })
    const reference = Fastify()
    onTestFinished(() => reference.close())
    await reference.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", EARLY_CLICKS_CSP_SOURCE],
          frameSrc: ['blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      hsts: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    })
    reference.get('/', () => ({}))
    const theirs = await reference.inject({ method: 'GET', url: '/' })
    for (const name of HELMET_HEADERS) expect(ours.headers[name], name).toBe(theirs.headers[name])
    expect(ours.headers['strict-transport-security']).toBeUndefined()
  })
})
