import { fileURLToPath } from 'node:url'

import { describe, expect, test } from 'vitest'

import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { insertDemoCatalogue } from '../../test/demo-catalogue.js'

// The fixture build's stand-in renderer writes the names of what it was given (pages.test.ts).
const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1]
const dataBlock = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ??
      'null',
  ) as {
    queries: { key: unknown[]; data: unknown }[]
  }
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )

describe('server-rendered catalogue pages', () => {
  test('a product page has its own title, description and Product data, for visitors', async ({
    onTestFinished,
  }) => {
    const ids = await insertDemoCatalogue(database.current.db)
    const name = 'Click Torque Wrench, 1/2" Drive, 40–210 N·m'
    const id = ids.get(name)!
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })

    const res = await app.inject({ method: 'GET', url: `/products/${id}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(
      '<title>Click Torque Wrench, 1/2&quot; Drive, 40–210 N·m · Toolworks</title>',
    )
    const description = /<meta name="description" content="([^"]*)"/.exec(res.body)?.[1] ?? ''
    expect(description).toMatch(/^[A-Z0-9./-]{3,32}: Click Torque Wrench/)
    const product = jsonLd(res.body).find((d) => d['@type'] === 'Product')
    expect(product?.name).toBe(name)
    expect(product?.url).toMatch(new RegExp(`/products/${id}$`))
    expect(product?.sku).toEqual(expect.any(String))
    // The tool, the category tree and its neighbours are seeded, as the browser will ask them.
    const keys = dataBlock(res.body).queries.map((q) => q.key)
    expect(keys).toContainEqual(['tool', id])
    expect(keys).toContainEqual(['categories'])
    expect(keys).toContainEqual([
      'tools',
      'page',
      { limit: 5, offset: 0, category: expect.any(String) as string },
    ])
    expect(root(res.body)).toMatch(new RegExp(`^<main data-url="/products/${id}">`))
  })

  test('an unknown product is the 404 screen, answered 404', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await app.inject({ method: 'GET', url: '/products/no-such-tool' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<title>Page not found · Toolworks</title>')
  })

  test('a category page is titled by its category and carries the facets it shows', async ({
    onTestFinished,
  }) => {
    await insertDemoCatalogue(database.current.db)
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await app.inject({
      method: 'GET',
      url: '/products?category=wrenches&spec.wrench_type=Pipe',
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>Wrenches · Toolworks</title>')
    const queries = dataBlock(res.body).queries
    const facets = queries.find((q) => q.key[1] === 'facets')
    expect(facets?.key).toEqual([
      'tools',
      'facets',
      { category: 'wrenches', 'spec.wrench_type': 'Pipe' },
    ])
    expect(facets?.data).toMatchObject({ total: 1 })
    const page = queries.find((q) => q.key[1] === 'page')
    expect((page?.data as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual([
      'Heavy-Duty Pipe Wrench, 14"',
    ])
    const list = jsonLd(res.body).find((d) => d['@type'] === 'ItemList')
    expect(JSON.stringify(list)).toContain('/products/')
  })

  test('an unknown category still serves the page, rendered in the browser', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await app.inject({ method: 'GET', url: '/products?category=no-such' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
  })
})
