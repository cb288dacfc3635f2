import { fileURLToPath } from 'node:url'

import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { createUser } from '../../test/users.js'
import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { insertTool } from '../../test/factories.js'
import { EARLY_CLICKS_TAG } from '../lib/early-clicks.js'

// The fixture build has a stand-in renderer next to it (test/fixtures/dist-server), which
// writes the names of the tools it was given and counts its renders.
const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()
const renders = () => (globalThis as { fixtureRenders?: number }).fixtureRenders ?? 0
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1]

describe('server-rendered pages', () => {
  test.for(['/', '/products?page=2', '/myportfolio', '/blogs', '/login', '/signup', '/no/such'])(
    '%s comes rendered, with no script that executes inline but the early-click capture',
    async (url, { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(url === '/no/such' ? 404 : 200)
      expect(root(res.body)).toMatch(
        new RegExp(`^<main data-url="${url.split('?')[0]!.replace(/\//g, '\\/')}">`),
      )
      // Every script is a file (script-src 'self'), a data block the browser never runs, or
      // the one inline capture the CSP allows by its hash (web.test.ts checks the hash).
      for (const [element, tag] of res.body.matchAll(/(<script\b[^>]*>)[\s\S]*?<\/script>/g)) {
        if (element === EARLY_CLICKS_TAG) continue
        expect(tag).toMatch(/\bsrc="\/|type="application\/(ld\+)?json"/)
      }
    },
  )

  test('an unknown address comes with the 404 screen’s title, before any script runs', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await app.inject({ method: 'GET', url: '/tools/does-not-exist' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('<title>Page not found · Toolworks</title>')
    expect(root(res.body)).toMatch(/^<main data-url="\/tools\/does-not-exist">/)
    // The same page every time: never a 304 that a cache could keep as a success.
    const again = await app.inject({
      method: 'GET',
      url: '/tools/does-not-exist',
      headers: { 'if-none-match': '*' },
    })
    expect(again.statusCode).toBe(404)
    expect(again.body).toBe(res.body)
    const products = await app.inject({ method: 'GET', url: '/products' })
    expect(products.body).toContain('<title>Our Products · Toolworks</title>')
  })

  test('the renderer gets the same answers as the data block, so both screens agree', async ({
    onTestFinished,
  }) => {
    await insertTool(database.current.db, { name: 'Rendered <b>torque</b> wrench' })
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const home = await app.inject({ method: 'GET', url: '/' })
    expect(root(home.body)).toContain('<p>Rendered &lt;b>torque&lt;/b> wrench</p>')
    const products = await app.inject({ method: 'GET', url: '/products' })
    expect(root(products.body)).toContain('<p>Rendered &lt;b>torque&lt;/b> wrench</p>')
  })

  test('every page, rendered or left to the browser, carries the site config in its data block', async ({
    onTestFinished,
  }) => {
    const tool = await insertTool(database.current.db, { name: 'Bench vise' })
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const expected = (await app.inject({ method: 'GET', url: '/api/config' })).json<unknown>()
    // The card sandbox runs in tests: the layout's demo notice reads this at first paint.
    expect(expected).toMatchObject({ simulatedPayments: true })
    for (const url of ['/', '/products', `/products/${tool.id}`, '/login', '/cart', '/no/such']) {
      const res = await app.inject({ method: 'GET', url })
      const block = new RegExp(
        `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">(.*?)</script>`,
      ).exec(res.body)?.[1]
      expect(block, url).toBeDefined()
      const { queries } = JSON.parse(block ?? '{}') as InitialData
      expect(queries.find((q) => JSON.stringify(q.key) === '["site-config"]')?.data, url).toEqual(
        expected,
      )
    }
  })

  test('a visitor without a session cookie is sent from a purchase page to the login, which brings them back; with one it is rendered', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const away = await app.inject({ method: 'GET', url: '/purchase/some-tool?qty=5' })
    expect(away.statusCode).toBe(302)
    expect(away.headers.location).toBe('/login?from=%2Fpurchase%2Fsome-tool%3Fqty%3D5')
    expect(away.headers['cache-control']).toBe('no-store')
    const other = await app.inject({
      method: 'GET',
      url: '/purchase/some-tool',
      headers: { cookie: 'theme=dark' },
    })
    expect(other.statusCode).toBe(302)

    const { cookie } = await createUser(app)
    expect(cookie).toMatch(/session_token=/)
    const purchase = await app.inject({
      method: 'GET',
      url: '/purchase/some-tool',
      headers: { cookie },
    })
    expect(purchase.statusCode).toBe(200)
    expect(root(purchase.body)).toMatch(/^<main data-url="\/purchase\/some-tool">/)
    for (const url of ['/reset-password?token=x', '/cart']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(root(res.body)).toBe('')
    }
  })

  test('a visitor without a session cookie or bearer is sent from a dashboard page to the login on the server; with either, the page is served as before', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    for (const [url, from] of [
      ['/dashboard', '/dashboard'],
      ['/dashboard/', '/dashboard/'],
      ['/dashboard/myorder?page=2', '/dashboard/myorder?page=2'],
      ['/dashboard/users', '/dashboard/users'],
    ] as const) {
      for (const headers of [{}, { cookie: 'theme=dark' }, { authorization: 'Basic eDp5' }]) {
        const away = await app.inject({ method: 'GET', url, headers })
        expect(away.statusCode, url).toBe(302)
        expect(away.headers.location).toBe(`/login?from=${encodeURIComponent(from)}`)
        expect(away.headers['cache-control']).toBe('no-store')
      }
    }
    // Not a dashboard page: /dashboards is the 404 screen, whoever asks.
    expect((await app.inject({ method: 'GET', url: '/dashboards' })).statusCode).toBe(404)

    // Any session cookie, even one whose session has ended, gets the page: the app asks about
    // it in the browser, and a server that cannot answer must not sign anyone out.
    const { cookie } = await createUser(app)
    for (const headers of [
      { cookie },
      { cookie: 'better-auth.session_token=ended-or-unknown' },
      { cookie: '__Secure-better-auth.session_token=ended-or-unknown' },
      { authorization: 'Bearer some-token' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/dashboard/myorder', headers })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(root(res.body)).toBe('')
    }
  })

  test('a page is rendered once per catalogue version, and again after a change from any process', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const before = renders()
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/products' })),
    )
    expect(new Set(pages.map((res) => res.body)).size).toBe(1)
    await app.inject({ method: 'GET', url: '/products' })
    expect(renders() - before).toBe(1)

    // A change made elsewhere reaches this process through the change feed only.
    await insertTool(database.current.db, { name: 'Newly listed bench vice' })
    await database.current.changes.publish('catalog')
    const after = await app.inject({ method: 'GET', url: '/products' })
    expect(root(after.body)).toContain('<p>Newly listed bench vice</p>')
    expect(after.headers.etag).not.toBe(pages[0]!.headers.etag)
    expect(renders() - before).toBe(2)
  })

  test('non-GET methods and API addresses are JSON 404s, not pages', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    for (const [method, url] of [
      ['POST', '/products'],
      ['GET', '/api/nothing'],
      ['DELETE', '/'],
    ] as const) {
      const res = await app.inject({ method, url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
  })
})
