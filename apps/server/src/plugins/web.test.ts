import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'

import {
  EARLY_CLICKS_SCRIPT,
  ErrorBodySchema,
  PUBLIC_PAGES,
  type InitialData,
  type Tool,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../test/accounts.js'
import { createUser } from '../../test/users.js'
import { buildTestApp, TEST_ORIGIN } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { insertDemoCatalogue } from '../../test/demo-catalogue.js'
import { insertTool } from '../../test/factories.js'
import { exchangeRates } from '../db/schema/index.js'
import { seedCategories } from '../db/seed/catalog/categories.js'

const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()
const SEO_ADMIN = uniqueEmail('seo-admin')

describe('the web app on the API port', () => {
  test.for(['/', '/products', '/dashboard/myorder', '/purchase/123', '/no/such/page'])(
    'a reload of %s serves the app, never cached',
    async (url, { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
      // A signed-in tab (a purchase page sends a visitor with no session cookie to the login).
      const cookie = 'better-auth.session_token=some-session'
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } })
      // An unknown address is the app's 404 screen, answered 404.
      expect(res.statusCode).toBe(url === '/no/such/page' ? 404 : 200)
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
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  test.for(['/', '/products', '/dashboard/myorder', '/no/such/page'])(
    '%s: the first script of <head> is the early-click capture, and the CSP allows exactly it',
    async (url, { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
      // A signed-in tab: a dashboard page sends a visitor with no session cookie to the login.
      const cookie = 'better-auth.session_token=some-session'
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } })
      const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)?.[1] ?? ''
      // Ahead of the stylesheet: a script after a pending stylesheet waits for it.
      expect(head.trimStart().startsWith('<script>')).toBe(true)
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
      expect(inline).toEqual([EARLY_CLICKS_SCRIPT])
      const hash = createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64')
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))
      expect(scriptSrc?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`])
    },
  )

  test('the CSP allows Stripe only in Stripe mode', async ({ onTestFinished }) => {
    const sandbox = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const sandboxCsp = (await sandbox.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ]
    expect(sandboxCsp).not.toContain('stripe.com')
    expect(sandboxCsp).toContain('frame-src blob:;')
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
    expect(csp).toContain('frame-src blob: https://js.stripe.com https://hooks.stripe.com')
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
      expect.arrayContaining([
        '/api/tool',
        '/api/tool/{id}',
        '/api/health',
        '/api/promotion',
        '/api/promotion/admin',
        '/api/promotion/{id}',
      ]),
    )
  })

  describe('the first screen in the HTML', () => {
    const blocks = (html: string, type: string) =>
      [
        ...html.matchAll(
          new RegExp(`<script type="${type.replace('+', '\\+')}"[^>]*>([^<]*)</script>`, 'g'),
        ),
      ].map((match) => JSON.parse(match[1]!) as unknown)
    /**
     * The page's data block without its first entry, the site configuration every page carries
     * (whether payments are simulated, for the demo notice): checked here, then set aside.
     */
    const initialData = (html: string): InitialData => {
      const data = blocks(html, 'application/json')[0] as InitialData
      const [site, ...queries] = data.queries
      expect(site?.key).toEqual(['site-config'])
      expect(site?.data).toMatchObject({ simulatedPayments: expect.any(Boolean) as boolean })
      return { ...data, queries }
    }

    test("the HTML of / carries the 8 newest tools, the reviews and today's promotions under their query keys", async ({
      onTestFinished,
    }) => {
      const tool = await insertTool(database.current.db, { name: 'Inline torque wrench' })
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })

      const res = await app.inject({ method: 'GET', url: '/' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<script type="application/json" id="initial-data">')
      const { queries } = initialData(res.body)
      expect(queries.map((q) => q.key)).toEqual([
        ['tools', { limit: 8 }],
        ['reviews', { limit: 8 }],
        ['promotions', 'active'],
        // Every rendered page's prices follow the rate and the buyer's currency.
        ['exchange-rate'],
        ['currency-choice'],
      ])
      const tools = queries[0]!.data as Tool[]
      expect(tools.length).toBeLessThanOrEqual(8)
      expect(tools[0]).toMatchObject({ _id: tool.id, name: 'Inline torque wrench' })
      // The same bytes GET /api/tool?limit=8 answers.
      const api = await app.inject({ method: 'GET', url: '/api/tool?limit=8' })
      expect(api.headers['content-type']).toMatch(/application\/json/)
      expect(tools).toEqual(api.json())

      const [organization] = blocks(res.body, 'application/ld+json')
      expect(organization).toMatchObject({ '@type': 'Organization', url: `${TEST_ORIGIN}/` })
      expect(res.body).toContain('<title>Toolworks — tools and parts manufacturer</title>')
      expect(res.body).toMatch(/<meta name="description" content="Toolworks manufactures/)
    })

    test('the HTML of /products carries the page its URL names, its total and an ItemList', async ({
      onTestFinished,
    }) => {
      await insertTool(database.current.db, { name: 'Zeta caliper', priceCents: 1 })
      await insertTool(database.current.db, { name: 'Zeta caliper pro', priceCents: 2 })
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })

      const res = await app.inject({ method: 'GET', url: '/products?q=zeta&sort=price_desc' })
      const { queries } = initialData(res.body)
      const query = { limit: 24, offset: 0, q: 'zeta', sort: 'price_desc' }
      expect(queries[0]!.key).toEqual(['tools', 'page', query])
      const page = queries[0]!.data as { tools: Tool[]; total: number }
      expect(page.total).toBe(2)
      expect(page.tools.map((t) => t.name)).toEqual(['Zeta caliper pro', 'Zeta caliper'])
      const [itemList] = blocks(res.body, 'application/ld+json')
      expect(itemList).toMatchObject({
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { position: 1, item: { '@type': 'Product', name: 'Zeta caliper pro' } },
          { position: 2, item: { name: 'Zeta caliper' } },
        ],
      })
      expect(res.body).toContain('<title>Our Products · Toolworks</title>')

      const plain = await app.inject({ method: 'GET', url: '/products' })
      expect(initialData(plain.body).queries[0]!.key).toEqual([
        'tools',
        'page',
        { limit: 24, offset: 0 },
      ])
    })

    test('a tool name with </script> cannot break out of the data blocks', async ({
      onTestFinished,
    }) => {
      const name = 'Evil </script><script>alert(1)</script> <!-- wrench'
      await insertTool(database.current.db, { name })
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })

      for (const url of ['/', '/products']) {
        const res = await app.inject({ method: 'GET', url })
        expect(res.body).not.toContain('<script>alert(1)')
        expect(res.body).not.toContain('<!-- wrench')
        const { queries } = initialData(res.body)
        const data = queries[0]!.data
        const tools = Array.isArray(data) ? (data as Tool[]) : (data as { tools: Tool[] }).tools
        expect(tools.map((t) => t.name)).toContain(name)
      }
    })

    test('other pages get no data, public ones their own title; the HTML revalidates with 304', async ({
      onTestFinished,
    }) => {
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
      const login = await app.inject({ method: 'GET', url: '/login' })
      // Only the currency's two entries: no rate set, no choice made.
      expect(initialData(login.body).queries).toEqual([
        { key: ['exchange-rate'], data: null },
        { key: ['currency-choice'], data: null },
      ])
      expect(login.body).toContain('<title>Login · Toolworks</title>')
      await database.current.db
        .insert(exchangeRates)
        .values({ perUsdUnits: 1_225_000, effectiveFrom: '2020-01-01', setByEmail: 'a@b.c' })
      const inTaka = await app.inject({
        method: 'GET',
        url: '/login',
        headers: { cookie: 'a=1; currency=BDT' },
      })
      expect(initialData(inTaka.body).queries).toEqual([
        {
          key: ['exchange-rate'],
          data: { currency: 'BDT', perUsd: 122.5, effectiveFrom: '2020-01-01' },
        },
        { key: ['currency-choice'], data: 'BDT' },
      ])
      const orders = await app.inject({
        method: 'GET',
        url: '/dashboard/myorder',
        headers: { cookie: 'better-auth.session_token=some-session' },
      })
      expect(orders.body).toContain('<title>fixture</title>')

      const first = await app.inject({ method: 'GET', url: '/' })
      const etag = String(first.headers.etag)
      const again = await app.inject({
        method: 'GET',
        url: '/',
        headers: { 'if-none-match': etag },
      })
      expect(again.statusCode).toBe(304)
      expect(again.headers['cache-control']).toBe('no-cache')
    })

    test.for([(etag: string) => `W/${etag}`, (etag: string) => `"other", ${etag}`, () => '*'])(
      'a page revalidates with the shared If-None-Match rules (weak tags, lists, *)',
      async (header, { onTestFinished }) => {
        const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
        const first = await app.inject({ method: 'GET', url: '/login' })
        const etag = String(first.headers.etag)
        const again = await app.inject({
          method: 'GET',
          url: '/login',
          headers: { 'if-none-match': header(etag) },
        })
        expect(again.statusCode).toBe(304)
        const stale = await app.inject({
          method: 'GET',
          url: '/login',
          headers: { 'if-none-match': '"stale"' },
        })
        expect(stale.statusCode).toBe(200)
      },
    )

    test('robots.txt points to a sitemap of the public pages with absolute URLs', async ({
      onTestFinished,
    }) => {
      const app = await buildTestApp(database.current, onTestFinished, {
        publicUrl: 'https://shop.example.com',
      })
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' })
      expect(robots.statusCode).toBe(200)
      expect(robots.body).toContain('Sitemap: https://shop.example.com/sitemap.xml')
      expect(robots.body).toContain('Disallow: /dashboard')
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' })
      expect(sitemap.headers['content-type']).toMatch(/application\/xml/)
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
      // Without a catalogue: the public pages alone.
      expect(locs).toEqual(PUBLIC_PAGES.map((p) => `https://shop.example.com${p.path}`))
      expect(locs).toEqual(
        expect.arrayContaining([
          'https://shop.example.com/',
          'https://shop.example.com/products',
          'https://shop.example.com/blogs',
          'https://shop.example.com/myportfolio',
          'https://shop.example.com/login',
          'https://shop.example.com/signup',
        ]),
      )
    })

    test('the sitemap lists every category page and every product on sale', async ({
      onTestFinished,
    }) => {
      const ids = await insertDemoCatalogue(database.current.db)
      const app = await buildTestApp(database.current, onTestFinished, {
        publicUrl: 'https://shop.example.com',
        adminEmails: [SEO_ADMIN],
      })
      const locsNow = async () => {
        const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })
        expect(res.statusCode).toBe(200)
        expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /)
        return [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
      }
      const locs = await locsNow()
      const origin = 'https://shop.example.com'
      expect(locs.slice(0, PUBLIC_PAGES.length)).toEqual(PUBLIC_PAGES.map((p) => origin + p.path))
      const categories = seedCategories.map((c) => `${origin}/products?category=${c.slug}`)
      const products = [...ids.values()].map((id) => `${origin}/products/${id}`)
      expect(locs.slice(PUBLIC_PAGES.length).sort()).toEqual([...categories, ...products].sort())
      expect(locs).toContain(`${origin}/products?category=drill-bits`)
      expect(new Set(locs).size).toBe(locs.length)

      // A tool taken off sale leaves the sitemap at once (the kept list follows the catalogue).
      const admin = await createUser(app, { email: SEO_ADMIN })
      const gone = ids.get('Heavy-Duty Pipe Wrench, 14"') ?? ''
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/tool/${gone}`,
        headers: bearer(admin),
      })
      expect(removed.statusCode).toBe(200)
      const after = await locsNow()
      expect(after).not.toContain(`${origin}/products/${gone}`)
      expect(after).toHaveLength(locs.length - 1)
    })
  })
})
