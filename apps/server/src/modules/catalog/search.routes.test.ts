import {
  ErrorBodySchema,
  searchMessages as sm,
  SynonymsAnswerSchema,
  SuggestionSchema,
  ToolFacetsSchema,
  ToolListSchema,
  ToolSchema,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertDemoCatalogue } from '../../../test/demo-catalogue.js'
import { insertTool } from '../../../test/factories.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { tools } from '../../db/schema/index.js'
import { seedCategories } from '../../db/seed/catalog/categories.js'
import { seedTools } from '../../db/seed/catalog/tools.js'

const ADMIN = uniqueEmail('admin')
/** Hand tools and their sub-categories in the demo catalogue. */
const HAND_TOOLS = new Set([
  'hand-tools',
  ...seedCategories.filter((c) => c.parent === 'hand-tools').map((c) => c.slug),
])
const database = useTestDatabase()
const testApp = useTestApp(database, { adminEmails: [ADMIN] })

async function search(app: App, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/tool?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  const tools = ToolListSchema.parse(res.json())
  return { names: tools.map((t) => t.name), tools, total: Number(res.headers['x-total-count']) }
}

const q = (text: string) => `q=${encodeURIComponent(text)}`

describe('GET /api/tool: the catalogue search', () => {
  test('an exact part number comes first, in any letter case', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const { names } = await search(app, q('tw-wr-tq210'))
    expect(names[0]).toBe('Click Torque Wrench, 1/2" Drive, 40–210 N·m')
  })

  test('words with a letter or two wrong find the tool ("torq wrnch")', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const { names } = await search(app, q('torq wrnch'))
    expect(names[0]).toBe('Click Torque Wrench, 1/2" Drive, 40–210 N·m')
  })

  test('the start of a word finds it as you type, and through synonyms ("spann" → wrenches)', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    expect((await search(app, q('torq'))).names).toContain(
      'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
    )
    const spann = (await search(app, q('spann'))).names
    expect(spann).toEqual(
      expect.arrayContaining([
        'Combination Wrench Set, 8–19 mm (8 pcs)',
        'Heavy-Duty Pipe Wrench, 14"',
        'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
      ]),
    )
    expect(spann).not.toContain('Bench Vise, 125 mm with Swivel Base')
  })

  test('synonyms: "vice" finds the vise, "allen key" the hex keys, "spanner" the wrenches', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    expect((await search(app, q('vice'))).names).toContain('Bench Vise, 125 mm with Swivel Base')
    expect((await search(app, q('allen key'))).names[0]).toBe('Hex Key Set, 1.5–10 mm (9 pcs)')
    expect((await search(app, q('spanner'))).names).toContain(
      'Combination Wrench Set, 8–19 mm (8 pcs)',
    )
  })

  test('spec values are searched: "M8" and "stainless"', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const m8 = (await search(app, q('M8'))).names
    expect(m8).toContain('Socket Cap Screw M8 × 30 mm, Stainless A2 (100 pcs)')
    expect(m8).not.toContain('Hex Bolt Pack M10 × 40 mm (50 pcs)')
    const stainless = (await search(app, q('stainless'))).names
    expect(stainless).toEqual(
      expect.arrayContaining([
        'Socket Cap Screw M8 × 30 mm, Stainless A2 (100 pcs)',
        'Precision Vernier Caliper, 0–150 mm',
        'Angle Grinder Cutting Discs, 115 mm (25 pcs)',
      ]),
    )
    expect(stainless).not.toContain('Ball-Peen Hammer, 16 oz')
  })

  test('a category includes its sub-categories; spec filters take values or ranges', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    // Every page of hand tools: its sub-categories' tools, nothing else, X-Total-Count of them.
    const hand = { names: [] as string[], total: 0 }
    for (let offset = 0; offset === 0 || offset < hand.total; offset += 50) {
      const page = await search(app, `category=hand-tools&limit=50&offset=${offset}`)
      hand.names.push(...page.names)
      hand.total = page.total
    }
    expect(hand.names).toContain('Click Torque Wrench, 1/2" Drive, 40–210 N·m')
    expect(hand.names).toContain('Hex Key Set, 1.5–10 mm (9 pcs)')
    expect(hand.names).not.toContain('Bench Vise, 125 mm with Swivel Base')
    expect(hand.total).toBe(hand.names.length)
    expect(hand.total).toBe(seedTools.filter((t) => HAND_TOOLS.has(t.category)).length)

    const pipeOrTorque = await search(app, 'category=wrenches&spec.wrench_type=Pipe,Torque')
    expect(pipeOrTorque.names.sort()).toEqual([
      'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
      'Click Torque Wrench, 1/4" Drive, 5–25 N·m',
      'Click Torque Wrench, 3/8" Drive, 20–100 N·m',
      'Heavy-Duty Pipe Wrench, 14"',
    ])
    expect(
      (
        await search(app, 'category=wrenches&spec.wrench_type=Pipe,Torque&spec.length=300..')
      ).names.sort(),
    ).toEqual([
      'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
      'Click Torque Wrench, 3/8" Drive, 20–100 N·m',
      'Heavy-Duty Pipe Wrench, 14"',
    ])
    // An open lower end, across the catalogue: every tool whose length is at most 100 mm.
    const short = await search(app, 'spec.length=..100&limit=100')
    const expectedShort = seedTools
      .filter((t) => typeof t.specs.length === 'number' && t.specs.length <= 100)
      .map((t) => t.name)
    expect(expectedShort).toEqual(
      expect.arrayContaining([
        'Hex Bolt Pack M10 × 40 mm (50 pcs)',
        'Socket Cap Screw M8 × 30 mm, Stainless A2 (100 pcs)',
        'Steel Butt Hinge Pack, 100 mm (10 pairs)',
      ]),
    )
    expect(short.names.sort()).toEqual(expectedShort.sort())
    expect(short.total).toBe(expectedShort.length)
    // A number given as a value matches the number (0.02 = "0.02").
    expect((await search(app, 'spec.resolution=0.02')).names.sort()).toEqual([
      'Dial Caliper, 0–150 mm',
      'Precision Vernier Caliper, 0–150 mm',
      'Vernier Caliper, 0–200 mm',
      'Vernier Caliper, 0–300 mm',
    ])
  })

  test('in stock only leaves out what is sold out; sorts by price either way', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const all = await search(app, 'category=wrenches')
    const inStock = await search(app, 'category=wrenches&inStock=true')
    expect(all.names).toContain('Heavy-Duty Pipe Wrench, 14"')
    expect(inStock.names).not.toContain('Heavy-Duty Pipe Wrench, 14"')
    expect(inStock.total).toBe(all.total - 1)
    const cheap = (await search(app, 'category=hand-tools&sort=price-asc')).tools.map(
      (t) => t.price,
    )
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b))
    const dear = (await search(app, 'category=hand-tools&sort=price-desc')).tools.map(
      (t) => t.price,
    )
    expect(dear).toEqual([...dear].sort((a, b) => b - a))
  })

  test('relevance puts what is in stock before what is not, other things equal', async () => {
    const app = testApp.current
    const { db } = database.current
    await insertTool(db, { name: 'Rivet gun', quantity: 0, minimum: 1, createdAt: new Date() })
    await insertTool(db, {
      name: 'Rivet gun',
      quantity: 5,
      createdAt: new Date(Date.now() - 60_000),
    })
    const { tools } = await search(app, q('rivet gun'))
    expect(tools.map((t) => t.quantity)).toEqual([5, 0])
  })

  test('keeps its old shape: no parameters is the whole list; pages count with X-Total-Count', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const res = await app.inject({ method: 'GET', url: '/api/tool' })
    expect(res.headers['x-total-count']).toBeUndefined()
    expect(ToolListSchema.parse(res.json())).toHaveLength(seedTools.length)
    const page = await search(app, 'category=hand-tools&limit=2&offset=2')
    expect(page.names).toHaveLength(2)
    expect(page.total).toBeGreaterThan(4)
    // A page past the end still counts every match (the total rides on the rows otherwise).
    const past = await search(app, `category=hand-tools&limit=2&offset=${page.total + 5}`)
    expect(past.names).toEqual([])
    expect(past.total).toBe(page.total)
    expect((await search(app, `${q('torq wrnch')}&limit=1&offset=50`)).total).toBe(
      (await search(app, q('torq wrnch'))).total,
    )
    const [tool] = ToolListSchema.parse(res.json())
    expect(tool?.partNumber).toMatch(/^TW-/)
    expect(tool?.category).toBeTruthy()
  })

  test('bad filters answer 400 naming the parameter', async () => {
    const app = testApp.current
    for (const [query, field] of [
      ['spec.length=10..5', 'spec.length'],
      ['spec.length=a..5', 'spec.length'],
      ['spec.length=..', 'spec.length'],
      ['spec.length=1..2..3', 'spec.length'],
      ['spec.Bad-Key=1', 'spec.Bad-Key'],
      ['spec.length=', 'spec.length'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/tool?${query}` })
      expect(res.statusCode, query).toBe(400)
      const { error } = ErrorBodySchema.parse(res.json())
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {}), query).toContain(field)
    }
    const unknown = await app.inject({ method: 'GET', url: '/api/tool?category=nope' })
    expect(unknown.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(unknown.json()).error.message).toBe(sm.categoryUnknown('nope'))
  })
})

describe('GET /api/tool/facets', () => {
  test('counts disjunctively: choosing Pipe still shows how many Torque there are', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const res = await app.inject({
      method: 'GET',
      url: '/api/tool/facets?category=wrenches&spec.wrench_type=Pipe',
    })
    expect(res.statusCode).toBe(200)
    const facets = ToolFacetsSchema.parse(res.json())
    expect(facets.total).toBe(1)
    const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : 1)
    expect(
      facets.specs.wrench_type && 'values' in facets.specs.wrench_type
        ? [...facets.specs.wrench_type.values].sort(byValue)
        : facets.specs.wrench_type,
    ).toEqual([
      { value: 'Adjustable', count: 4 },
      // The set and the twenty single sizes.
      { value: 'Combination', count: 21 },
      { value: 'Pipe', count: 1 },
      { value: 'Ratcheting', count: 7 },
      { value: 'Torque', count: 3 },
    ])
    // The length range is of the results with the other filters: the pipe wrench only.
    expect(facets.specs.length).toEqual({ min: 350, max: 350 })
    // A category counts its sub-categories' tools; the category filter itself is left out.
    const counts = new Map(facets.categories.map((c) => [c.slug, c.count]))
    expect(counts.get('wrenches')).toBe(1)
    expect(counts.get('hand-tools')).toBe(1)
    expect(counts.get('vises')).toBe(0)
    // Inherited attributes are facets too (material comes from hand tools).
    expect(facets.specs.material).toEqual({ values: [{ value: 'Cast iron', count: 1 }] })
    // Text attributes that are not filterable are no facets.
    expect(facets.specs.fits).toBeUndefined()
  })

  test('without a category: the tree with counts and no spec facets', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const res = await app.inject({ method: 'GET', url: `/api/tool/facets?${q('stainless')}` })
    const facets = ToolFacetsSchema.parse(res.json())
    expect(facets.total).toBe((await search(app, q('stainless'))).total)
    expect(facets.specs).toEqual({})
    const counts = new Map(facets.categories.map((c) => [c.slug, c.count]))
    // Each category's count is the search's total in that category (sub-categories included).
    for (const slug of ['fasteners', 'screws-bolts', 'measuring', 'abrasives', 'safety']) {
      const inside = await search(app, `${q('stainless')}&category=${slug}&limit=1`)
      expect(counts.get(slug), slug).toBe(inside.total)
    }
    expect(counts.get('fasteners')).toBeGreaterThan(10)
    expect(counts.get('screws-bolts')).toBeLessThan(counts.get('fasteners') ?? 0)
    expect(counts.get('measuring')).toBeGreaterThan(1)
    expect(counts.get('safety')).toBe(0)
  })
})

describe('part numbers and suggestions', () => {
  test('GET /api/tool/part/{partNumber} finds the tool in any letter case, else 404', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    for (const pn of ['TW-HK-915', 'tw-hk-915', 'Tw-Hk-915']) {
      const res = await app.inject({ method: 'GET', url: `/api/tool/part/${pn}` })
      expect(res.statusCode).toBe(200)
      const tool = ToolSchema.parse(res.json())
      expect(tool).toMatchObject({
        name: 'Hex Key Set, 1.5–10 mm (9 pcs)',
        partNumber: 'TW-HK-915',
        category: 'hex-keys',
      })
      expect(tool.specs?.pieces).toBe(9)
    }
    const missing = await app.inject({ method: 'GET', url: '/api/tool/part/TW-NOPE-1' })
    expect(missing.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(missing.json()).error.message).toBe(sm.partNotFound)
  })

  test('GET /api/tool/suggest answers at most 8 part numbers and names', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const byPart = await app.inject({ method: 'GET', url: '/api/tool/suggest?q=tw-wr-tq' })
    const parts = SuggestionSchema.array().parse(byPart.json())
    expect(
      parts
        .map((s) => s.partNumber)
        .slice(0, 3)
        .sort(),
    ).toEqual(['TW-WR-TQ100', 'TW-WR-TQ210', 'TW-WR-TQ25'])
    const many = SuggestionSchema.array().parse(
      (await app.inject({ method: 'GET', url: '/api/tool/suggest?q=tw' })).json(),
    )
    expect(many).toHaveLength(8)
    const byName = SuggestionSchema.array().parse(
      (await app.inject({ method: 'GET', url: '/api/tool/suggest?q=torq' })).json(),
    )
    expect(byName[0]).toMatchObject({
      name: 'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
      partNumber: 'TW-WR-TQ210',
    })
    const none = await app.inject({ method: 'GET', url: '/api/tool/suggest?q=' })
    expect(none.json()).toEqual([])
  })
})

describe('synonyms', () => {
  test('the shop starts with synonyms; only an admin replaces them, and the search follows', async () => {
    const app = testApp.current
    await insertDemoCatalogue(database.current.db)
    const start = SynonymsAnswerSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/search/synonyms' })).json(),
    )
    expect(start).toEqual(expect.arrayContaining([['vise', 'vice']]))

    const customer = await createUser(app)
    const admin = await createUser(app, { email: ADMIN })
    const groups = [
      ['Vise', 'Gripper'],
      ['hex  key', 'allen key'],
    ]
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/search/synonyms',
      headers: bearer(customer),
      payload: groups,
    })
    expect(refused.statusCode).toBe(403)
    expect(
      (await app.inject({ method: 'PUT', url: '/api/search/synonyms', payload: groups }))
        .statusCode,
    ).toBe(401)

    try {
      const put = await app.inject({
        method: 'PUT',
        url: '/api/search/synonyms',
        headers: bearer(admin),
        payload: groups,
      })
      expect(put.statusCode).toBe(200)
      expect(put.json()).toEqual([
        ['vise', 'gripper'],
        ['hex key', 'allen key'],
      ])
      expect((await search(app, q('gripper'))).names).toContain(
        'Bench Vise, 125 mm with Swivel Base',
      )
      // wrench/spanner is gone with the old set.
      expect((await search(app, q('spanner'))).names).toEqual([])

      const bad = await app.inject({
        method: 'PUT',
        url: '/api/search/synonyms',
        headers: bearer(admin),
        payload: [['lonely']],
      })
      expect(bad.statusCode).toBe(400)
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/search/synonyms',
        headers: bearer(admin),
        payload: start,
      })
    }
  })
})

describe('the search and its facets are cached like the catalogue list', () => {
  test('equal searches share one answer, keyed by the normalised query, until an admin edit', async () => {
    const app = testApp.current
    const admin = await createUser(app, { email: ADMIN })
    const db = database.current.db
    const row = await insertTool(db, {
      name: 'Torque wrench',
      partNumber: 'TW-CACHE-1',
      quantity: 5,
    })
    const facets = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/tool/facets?${query}` })
      expect(res.statusCode, res.body).toBe(200)
      return ToolFacetsSchema.parse(res.json())
    }
    expect((await search(app, `${q('torq wrnch')}&inStock=true`)).names).toEqual(['Torque wrench'])
    expect((await facets(`${q('torq wrnch')}&inStock=true`)).total).toBe(1)

    // Written behind the app's back (no change notice): the cached answers do not see it, even
    // asked in other words that normalise to the same query.
    await db
      .update(tools)
      .set({ name: 'Torque wrench XL', quantity: 0 })
      .where(eq(tools.id, row.id))
    const sameQuery = `${q('  TORQ   wrnch ')}&inStock=true`
    expect((await search(app, sameQuery)).names).toEqual(['Torque wrench'])
    expect((await facets(sameQuery)).total).toBe(1)

    // An admin's edit through the API forgets every cached search and facet count at once.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/tool/${row.id}`,
      headers: bearer(admin),
      payload: { price: 12 },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect((await search(app, sameQuery)).names).toEqual([])
    expect((await facets(sameQuery)).total).toBe(0)
    expect((await search(app, q('torq wrnch'))).tools[0]).toMatchObject({
      name: 'Torque wrench XL',
      price: 12,
    })
  })

  test('a mistyped word finds a tool added after it was first asked (its stand-ins are forgotten on a change)', async () => {
    const app = testApp.current
    const admin = await createUser(app, { email: ADMIN })
    expect((await search(app, q('sprokett'))).names).toEqual([])
    const created = await app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: bearer(admin),
      payload: {
        name: 'Sprocket puller',
        description: 'Pulls sprockets off their shafts.',
        image: await uploadedImageUrl(app, admin),
        price: 24,
        quantity: 3,
        minimum: 1,
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect((await search(app, q('sprokett'))).names).toEqual(['Sprocket puller'])
  })
})
