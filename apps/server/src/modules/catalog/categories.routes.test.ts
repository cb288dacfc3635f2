import {
  CategorySchema,
  ErrorBodySchema,
  searchMessages as sm,
  ToolFacetsSchema,
  ToolSchema,
} from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertDemoCatalogue } from '../../../test/demo-catalogue.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { seedTools } from '../../db/seed/catalog/tools.js'

const ADMIN = uniqueEmail('admin')
const database = useTestDatabase()
const testApp = useTestApp(database, { adminEmails: [ADMIN] })

function call(
  app: App,
  who: TestUser | undefined,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload !== undefined && { payload: payload as object }),
  })
}

const errorOf = (body: unknown) => ErrorBodySchema.parse(body).error

const drills = {
  slug: 'drill-bits-2',
  name: 'Drill bits',
  description: 'Twist drills.',
  parent: 'cutting-tools',
  attributes: [
    { key: 'diameter', label: 'Diameter', unit: 'mm', type: 'number', required: true },
    { key: 'coating', label: 'Coating', type: 'enum', values: ['TiN', 'Bright'] },
  ],
}

describe('categories (admin)', () => {
  test('anyone reads the tree, parents first; only an admin adds, changes or deletes', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const customer = await createUser(app)
    const admin = await createUser(app, { email: ADMIN })

    const list = CategorySchema.array().parse(
      (await app.inject({ method: 'GET', url: '/api/category' })).json(),
    )
    const position = new Map(list.map((c, i) => [c.slug, i]))
    for (const c of list)
      if (c.parent) expect(position.get(c.parent) ?? 99).toBeLessThan(position.get(c.slug) ?? 0)
    expect(list.find((c) => c.slug === 'wrenches')).toMatchObject({ parent: 'hand-tools' })

    for (const [method, url, payload] of [
      ['POST', '/api/category', drills],
      ['PUT', '/api/category/wrenches', { name: 'Spanners' }],
      ['DELETE', '/api/category/hinges', undefined],
    ] as const) {
      expect((await call(app, undefined, method, url, payload)).statusCode).toBe(401)
      expect((await call(app, customer, method, url, payload)).statusCode).toBe(403)
    }

    const created = await call(app, admin, 'POST', '/api/category', drills)
    expect(created.statusCode).toBe(201)
    expect(CategorySchema.parse(created.json())).toMatchObject({
      slug: 'drill-bits-2',
      parent: 'cutting-tools',
      attributes: [
        { key: 'diameter', unit: 'mm', type: 'number', required: true, filterable: true },
        { key: 'coating', unit: null, type: 'enum', values: ['TiN', 'Bright'], required: false },
      ],
    })
    const again = await call(app, admin, 'POST', '/api/category', drills)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again.json()).message).toBe(sm.categorySlugTaken('drill-bits-2'))

    const renamed = await call(app, admin, 'PUT', '/api/category/drill-bits-2', {
      slug: 'twist-drills',
      name: 'Twist drills',
    })
    expect(renamed.statusCode).toBe(200)
    expect(CategorySchema.parse(renamed.json())).toMatchObject({
      slug: 'twist-drills',
      name: 'Twist drills',
      parent: 'cutting-tools',
    })
    expect((await call(app, admin, 'PUT', '/api/category/nope', { name: 'x' })).statusCode).toBe(
      404,
    )

    const removed = await call(app, admin, 'DELETE', '/api/category/twist-drills')
    expect(removed.statusCode).toBe(200)
    expect((await call(app, admin, 'DELETE', '/api/category/twist-drills')).statusCode).toBe(404)
  })

  test('a category with tools or sub-categories cannot be deleted (409 with the count)', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const admin = await createUser(app, { email: ADMIN })
    const withTools = await call(app, admin, 'DELETE', '/api/category/wrenches')
    expect(withTools.statusCode).toBe(409)
    expect(errorOf(withTools.json()).message).toBe(
      sm.categoryHasTools(seedTools.filter((t) => t.category === 'wrenches').length),
    )
    const withChildren = await call(app, admin, 'DELETE', '/api/category/hand-tools')
    expect(withChildren.statusCode).toBe(409)
    // Wrenches, sockets, hammers, hex keys, screwdrivers, pliers and files.
    expect(errorOf(withChildren.json()).message).toBe(sm.categoryHasChildren(7))
  })

  test('the tree is at most 3 levels, never a loop, and attribute keys are not inherited twice', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const admin = await createUser(app, { email: ADMIN })
    const level3 = await call(app, admin, 'POST', '/api/category', {
      slug: 'metric-wrenches',
      name: 'Metric wrenches',
      parent: 'wrenches',
    })
    expect(level3.statusCode).toBe(201)
    const level4 = await call(app, admin, 'POST', '/api/category', {
      slug: 'tiny-wrenches',
      name: 'Tiny',
      parent: 'metric-wrenches',
    })
    expect(level4.statusCode).toBe(400)
    expect(errorOf(level4.json()).fields).toEqual({ parent: sm.categoryTooDeep })
    const loop = await call(app, admin, 'PUT', '/api/category/hand-tools', {
      parent: 'metric-wrenches',
    })
    expect(loop.statusCode).toBe(400)
    expect(errorOf(loop.json()).fields).toEqual({ parent: sm.categoryParentLoop })
    const twice = await call(app, admin, 'POST', '/api/category', {
      slug: 'crimpers',
      name: 'Crimpers',
      parent: 'hand-tools',
      attributes: [{ key: 'material', label: 'Material', type: 'text' }],
    })
    expect(twice.statusCode).toBe(400)
    expect(errorOf(twice.json()).message).toBe(sm.attributeKeyInherited('material'))
    const noValues = await call(app, admin, 'POST', '/api/category', {
      slug: 'crimpers',
      name: 'Crimpers',
      attributes: [{ key: 'grip', label: 'Grip', type: 'enum' }],
    })
    expect(noValues.statusCode).toBe(400)
    const unknownParent = await call(app, admin, 'POST', '/api/category', {
      slug: 'crimpers',
      name: 'Crimpers',
      parent: 'nope',
    })
    expect(errorOf(unknownParent.json()).fields).toEqual({ parent: sm.categoryUnknown('nope') })
  })
})

test('searches keep the category tree they read until the catalogue changes', async () => {
  const app = testApp.current
  await insertDemoCatalogue(database.current.db)
  const admin = await createUser(app, { email: ADMIN })
  // Each search its own words, so no kept answer stands in for the tree.
  const facetSlugs = async (q: string) =>
    ToolFacetsSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/tool/facets?q=${q}` })).json(),
    ).categories.map((c) => c.slug)

  expect(await facetSlugs('hammer')).toContain('cutting-tools')
  // A row written behind the shop's back (no change notice) is not seen: the tree is kept.
  await database.current.db.execute(
    sql`insert into categories (slug, name, description) values ('behind-the-back', 'Hidden', '')`,
  )
  expect(await facetSlugs('wrench')).not.toContain('behind-the-back')
  // Any change through the shop forgets it: the next search reads both rows.
  const added = await call(app, admin, 'POST', '/api/category', { ...drills, slug: 'kept-tree' })
  expect(added.statusCode).toBe(201)
  const after = await facetSlugs('spanner')
  expect(after).toContain('kept-tree')
  expect(after).toContain('behind-the-back')
})

describe('tools with part number, category, specs and documents', () => {
  async function product(app: App, admin: TestUser, overrides: object = {}) {
    return {
      name: 'Cobalt drill 8 mm',
      quantity: 40,
      price: 4.5,
      minimum: 1,
      description: 'HSS-Co twist drill for stainless steel.',
      image: await uploadedImageUrl(app, admin),
      ...overrides,
    }
  }

  test('an admin adds a tool with the new fields; the search and the part lookup find it', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const admin = await createUser(app, { email: ADMIN })
    expect((await call(app, admin, 'POST', '/api/category', drills)).statusCode).toBe(201)
    const documents = [{ kind: 'datasheet', name: 'Datasheet', url: '/media/datasheet.pdf' }]
    const res = await call(
      app,
      admin,
      'POST',
      '/api/tool',
      await product(app, admin, {
        partNumber: 'DB-HSSCO-8',
        category: 'drill-bits-2',
        specs: { material: 'HSS-Co', diameter: 8, coating: 'Bright' },
        documents,
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
    const part = await app.inject({ method: 'GET', url: '/api/tool/part/db-hssco-8' })
    expect(ToolSchema.parse(part.json())).toMatchObject({
      partNumber: 'DB-HSSCO-8',
      category: 'drill-bits-2',
      specs: { material: 'HSS-Co', diameter: 8, coating: 'Bright' },
      documents,
    })
    const found = await app.inject({
      method: 'GET',
      url: '/api/tool?category=cutting-tools&spec.diameter=6..10&limit=100',
    })
    const foundTools = ToolSchema.array().parse(found.json())
    expect(foundTools.map((t) => t.partNumber)).toContain('DB-HSSCO-8')
    // The new tool beside the demo's drills and hole saws of 6 to 10 mm, nothing else.
    const demoMatches = seedTools.filter(
      (t) =>
        ['drill-bits', 'hole-saws', 'taps-dies', 'saws-snips', 'cutting-tools'].includes(
          t.category,
        ) &&
        typeof t.specs.diameter === 'number' &&
        t.specs.diameter >= 6 &&
        t.specs.diameter <= 10,
    )
    expect(foundTools.map((t) => t.partNumber).sort()).toEqual(
      ['DB-HSSCO-8', ...demoMatches.map((t) => t.partNumber)].sort(),
    )

    // The same part number in another case is taken.
    const dup = await call(
      app,
      admin,
      'POST',
      '/api/tool',
      await product(app, admin, { partNumber: 'db-hssco-8' }),
    )
    expect(dup.statusCode).toBe(409)
    expect(errorOf(dup.json()).fields).toEqual({ partNumber: sm.partNumberTaken('db-hssco-8') })
  })

  test.each([
    [
      { specs: { diameter: 8, colour: 'red' } },
      'specs.colour',
      sm.specUnknown('colour', 'Drill bits'),
    ],
    [{ specs: { diameter: '8' } }, 'specs.diameter', sm.specNotNumber('Diameter')],
    [
      { specs: { diameter: 8, coating: 'Gold' } },
      'specs.coating',
      sm.specNotInList('Coating', ['TiN', 'Bright']),
    ],
    [{ specs: { coating: 'TiN' } }, 'specs.diameter', sm.specRequired('Diameter')],
  ])('refuses specs that break the category: %j → 400 on %s', async (fields, field, message) => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const admin = await createUser(app, { email: ADMIN })
    await call(app, admin, 'POST', '/api/category', drills)
    const res = await call(
      app,
      admin,
      'POST',
      '/api/tool',
      await product(app, admin, { category: 'drill-bits-2', ...fields }),
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      fields: { [field]: message },
    })
  })

  test('refuses a bad part number, an unknown category, specs without a category, a bad document', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const admin = await createUser(app, { email: ADMIN })
    const cases: [object, string][] = [
      [{ partNumber: 'ab' }, 'partNumber'],
      [{ partNumber: 'AB CD' }, 'partNumber'],
      [{ partNumber: 'x'.repeat(33) }, 'partNumber'],
      [{ category: 'nope' }, 'category'],
      [{ specs: { diameter: 8 } }, 'specs'],
      [{ documents: [{ kind: 'photo', name: 'x', url: '/x' }] }, 'documents.0.kind'],
      [{ documents: [{ kind: 'cad', name: 'x', url: 'javascript:alert(1)' }] }, 'documents.0.url'],
    ]
    for (const [fields, field] of cases) {
      const res = await call(app, admin, 'POST', '/api/tool', await product(app, admin, fields))
      expect(res.statusCode, JSON.stringify(fields)).toBe(400)
      expect(Object.keys(errorOf(res.json()).fields ?? {}), JSON.stringify(fields)).toContain(field)
    }
  })

  test('an edit checks the merged tool: a new category needs its required specs; null clears', async () => {
    const app = testApp.current
    const ids = await insertDemoCatalogue(database.current.db)
    const admin = await createUser(app, { email: ADMIN })
    await call(app, admin, 'POST', '/api/category', drills)
    const id = ids.get('Hex Key Set, 1.5–10 mm (9 pcs)') ?? ''
    const move = await call(app, admin, 'PUT', `/api/tool/${id}`, { category: 'drill-bits-2' })
    expect(move.statusCode).toBe(400)
    // Its hex-key specs are not drill specs.
    expect(Object.keys(errorOf(move.json()).fields ?? {})).toEqual([
      expect.stringMatching(/^specs\.(size_min|size_max|pieces|fits|material|weight|standard)$/),
    ])
    const moved = await call(app, admin, 'PUT', `/api/tool/${id}`, {
      category: 'drill-bits-2',
      specs: { diameter: 6 },
    })
    expect(moved.statusCode).toBe(200)
    expect(ToolSchema.parse(moved.json())).toMatchObject({
      category: 'drill-bits-2',
      specs: { diameter: 6 },
    })
    const cleared = await call(app, admin, 'PUT', `/api/tool/${id}`, {
      category: null,
      partNumber: null,
    })
    expect(cleared.statusCode).toBe(200)
    const tool = ToolSchema.parse(cleared.json())
    expect(tool.category).toBeUndefined()
    expect(tool.partNumber).toBeUndefined()
    expect(tool.specs).toBeUndefined()
    // A tool of the category keeps it from being deleted; an empty one goes.
    expect((await call(app, admin, 'DELETE', '/api/category/drill-bits-2')).statusCode).toBe(200)
  })
})
