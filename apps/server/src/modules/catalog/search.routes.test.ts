import {
  ErrorBodySchema,
  searchMessages as sm,
  SynonymsAnswerSchema,
  SuggestionSchema,
  ToolFacetsSchema,
  ToolListSchema,
  ToolSchema,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, signUp, uniqueEmail } from '../../../test/accounts.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertDemoCatalogue } from '../../../test/demo-catalogue.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'

const ADMIN = uniqueEmail('admin')
const database = useTestDatabase()
const testApp = useTestApp(database, { adminEmails: [ADMIN] })

async function search(app: App, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/tool?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  const tools = ToolListSchema.parse(res.json())
  return { names: tools.map((t) => t.name), tools, total: Number(res.headers['x-total-count']) }
}

const q = (text: string) => `q=${encodeURIComponent(text)}`

describe('GET /api/tool: the catalogue search (issue 29)', () => {
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
    const hand = await search(app, 'category=hand-tools&limit=50')
    expect(hand.names).toContain('Click Torque Wrench, 1/2" Drive, 40–210 N·m')
    expect(hand.names).toContain('Hex Key Set, 1.5–10 mm (9 pcs)')
    expect(hand.names).not.toContain('Bench Vise, 125 mm with Swivel Base')
    expect(hand.total).toBe(hand.names.length)

    const pipeOrTorque = await search(app, 'category=wrenches&spec.wrench_type=Pipe,Torque')
    expect(pipeOrTorque.names.sort()).toEqual([
      'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
      'Heavy-Duty Pipe Wrench, 14"',
    ])
    expect((await search(app, 'category=wrenches&spec.length=300..')).names.sort()).toEqual([
      'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
      'Heavy-Duty Pipe Wrench, 14"',
    ])
    expect((await search(app, 'spec.length=..100')).names.sort()).toEqual([
      'Hex Bolt Pack M10 × 40 mm (50 pcs)',
      'Socket Cap Screw M8 × 30 mm, Stainless A2 (100 pcs)',
      'Steel Butt Hinge Pack, 100 mm (10 pairs)',
    ])
    // A number given as a value matches the number (0.02 = "0.02").
    expect((await search(app, 'spec.resolution=0.02')).names).toEqual([
      'Precision Vernier Caliper, 0–150 mm',
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
    expect(ToolListSchema.parse(res.json())).toHaveLength(18)
    const page = await search(app, 'category=hand-tools&limit=2&offset=2')
    expect(page.names).toHaveLength(2)
    expect(page.total).toBeGreaterThan(4)
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
    expect(facets.specs.wrench_type).toEqual({
      values: [
        { value: 'Combination', count: 1 },
        { value: 'Pipe', count: 1 },
        { value: 'Torque', count: 1 },
      ],
    })
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
    expect(counts.get('fasteners')).toBe(1)
    expect(counts.get('screws-bolts')).toBe(1)
    expect(counts.get('measuring')).toBe(1)
    expect(counts.get('abrasives')).toBe(1)
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
    const byPart = await app.inject({ method: 'GET', url: '/api/tool/suggest?q=tw-wr' })
    const parts = SuggestionSchema.array().parse(byPart.json())
    expect(
      parts
        .map((s) => s.partNumber)
        .slice(0, 3)
        .sort(),
    ).toEqual(['TW-WR-CS819', 'TW-WR-PW14', 'TW-WR-TQ210'])
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

    const customer = await signUp(app)
    const admin = await signUp(app, { email: ADMIN })
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
