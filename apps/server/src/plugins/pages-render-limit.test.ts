import { fileURLToPath } from 'node:url'

import { expect, test } from 'vitest'

import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { insertTool } from '../../test/factories.js'
import { RATE_LIMITS } from '../lib/rate-limits.js'

// The fixture build's stand-in renderer writes the names of what it was given (pages.test.ts).
const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1]

/**
 * A server render no one asked for yet (a random search on /products) is counted per
 * address, generously; past the budget the page comes unrendered with 429 and still reads (the
 * bare app with its title renders in the browser). Pages already rendered are never counted.
 */
test('uncached renders are limited per address; the limited page still reads; cached ones are free', async ({
  onTestFinished,
}) => {
  await insertTool(database.current.db, { name: 'Torque wrench', partNumber: 'TW-1' })
  const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
  const page = (url: string, remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'GET', url, remoteAddress })
  const { max } = RATE_LIMITS.pageRenders
  expect(max).toBeGreaterThanOrEqual(120)

  for (let i = 0; i < max; i += 1) {
    const res = await page(`/products?q=random${i}`)
    expect(res.statusCode, `render ${i + 1}`).toBe(200)
  }
  const first = await page('/products?q=random0')
  expect(root(first.body)).toMatch(/^<main data-url=/)

  const limited = await page('/products?q=one-too-many')
  expect(limited.statusCode).toBe(429)
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  // The bare app: its title and script, an empty root the browser renders into.
  expect(limited.headers['content-type']).toMatch(/^text\/html/)
  expect(limited.body).toContain('<title>Our Products · Toolworks</title>')
  expect(limited.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>')
  expect(root(limited.body)).toBe('')

  // A page already rendered costs nothing: still served, rendered, to the same address.
  const cached = await page('/products?q=random7')
  expect(cached.statusCode).toBe(200)
  expect(root(cached.body)).toMatch(/^<main data-url=/)
  // Another address has its own budget.
  const other = await page('/products?q=one-too-many', '198.51.100.4')
  expect(other.statusCode).toBe(200)
  expect(root(other.body)).toMatch(/^<main data-url=/)
  // And now that it is rendered, the first address gets it too.
  expect((await page('/products?q=one-too-many')).statusCode).toBe(200)
}, 60_000)
