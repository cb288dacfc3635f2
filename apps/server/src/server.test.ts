import { describe, expect, test } from 'vitest'

import { runServerUntilExit } from '../test/server-process.js'

describe('server start-up', () => {
  test('a bad variable stops the server with one clear line naming it', async () => {
    const exit = await runServerUntilExit({ PORT: 'abc', DATA_DIR: '/tmp/toolworks-bad-config' })
    expect(exit.code).toBe(1)
    const lines = exit.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /)
  })

  test('a production start on the SSLCommerz sandbox refuses and names SSLCOMMERZ_SANDBOX', async () => {
    const exit = await runServerUntilExit({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-secret-that-is-long-enough-0123456789',
      DATA_DIR: '/tmp/toolworks-live-sandbox',
      SSLCOMMERZ_STORE_ID: 'toolw0001',
      SSLCOMMERZ_STORE_PASSWORD: 'toolw0001@ssl',
      SSLCOMMERZ_API_URL: 'https://sandbox.sslcommerz.com',
    })
    expect(exit.code).toBe(1)
    expect(exit.stderr.trim()).toMatch(
      /^Invalid configuration: SSLCOMMERZ_API_URL is the SSLCommerz sandbox.*set SSLCOMMERZ_SANDBOX=true/,
    )
    expect(exit.stderr).not.toContain('toolw0001@ssl')
  })

  test('a database that cannot be reached at start stops the server with a clear message', async () => {
    const exit = await runServerUntilExit({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/toolworks',
      DATA_DIR: '/tmp/toolworks-no-db',
    })
    expect(exit.code).toBe(1)
    expect(exit.stderr).toMatch(
      /^Cannot open the database \(PostgreSQL at 127\.0\.0\.1:1\/toolworks\): .*ECONNREFUSED/,
    )
  })
})
