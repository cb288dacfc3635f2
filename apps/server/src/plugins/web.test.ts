import { fileURLToPath } from 'node:url'

import { ErrorBodySchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'

const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()

describe('the web app on the API port', () => {
  test.for(['/', '/products', '/dashboard/myorder', '/purchase/123', '/no/such/page'])(
    'a reload of %s serves the app, never cached',
    async (url, { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    },
  )

  test('hashed assets are cached for a year and compressed', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-type']).toMatch(/javascript/)
  })

  test.for(['/assets/missing-123.js', '/api/unknown', '/media/nothing.webp'])(
    '%s is a JSON 404, not the app',
    async (url, { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('NOT_FOUND')
    },
  )

  test('every answer carries the security headers', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await app.inject({ method: 'GET', url: '/products' })
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  test('the CSP allows Stripe only in Stripe mode', async ({ onTestFinished }) => {
    const sandbox = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const sandboxCsp = (await sandbox.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ]
    expect(sandboxCsp).not.toContain('stripe.com')
    expect(sandboxCsp).toContain("frame-src 'none'")
    const stripe = await buildTestApp(database.current, onTestFinished, {
      webDistDir,
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiBase: undefined,
      },
    })
    const csp = String(
      (await stripe.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    )
    expect(csp).toContain("script-src 'self' https://js.stripe.com")
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com')
    expect(csp).toContain("connect-src 'self' https://api.stripe.com")
    expect(csp).not.toContain('unsafe-eval')
  })

  test('HSTS is sent when the public URL is https', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      webDistDir,
      publicUrl: 'https://shop.example.com',
    })
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000')
  })

  test('the OpenAPI description lists the catalogue routes', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json<{ paths: Record<string, unknown> }>()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/tool', '/api/tool/{id}', '/api/health']),
    )
  })
})
