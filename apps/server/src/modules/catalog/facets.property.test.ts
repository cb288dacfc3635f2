import {
  CategorySchema,
  ToolFacetsSchema,
  ToolListSchema,
  type Category,
  type Tool,
} from '@toolworks/shared'
import { expect, test } from 'vitest'

import { seededRandom } from '../../lib/seeded-random.js'

import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertDemoCatalogue } from '../../../test/demo-catalogue.js'
import type { App } from '../../app.js'

/**
 * The search's facet arithmetic, checked as a property: for random searches over the demo
 * catalogue, every count of GET /api/tool/facets equals a count made by brute force over the
 * whole list, each facet leaving out its own filter (disjunctive). Words are the one filter
 * not recomputed here: the tools a query's words match come from the search itself.
 */
const database = useTestDatabase()
const testApp = useTestApp(database)

type Filter = { key: string; values?: string[]; min?: number; max?: number }
type Case = { q: string; category?: string; specs: Filter[]; inStock: boolean }

async function getJson(app: App, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json()
}

function queryString(c: Case): string {
  const params = new URLSearchParams()
  if (c.q) params.set('q', c.q)
  if (c.category) params.set('category', c.category)
  if (c.inStock) params.set('inStock', 'true')
  for (const f of c.specs)
    params.set(`spec.${f.key}`, f.values ? f.values.join(',') : `${f.min ?? ''}..${f.max ?? ''}`)
  return params.toString()
}

test('every facet count equals a brute-force count over the demo catalogue', async () => {
  const app = testApp.current
  await insertDemoCatalogue(database.current.db)
  const tools = ToolListSchema.parse(await getJson(app, '/api/tool'))
  const categories = CategorySchema.array().parse(await getJson(app, '/api/category'))
  const bySlug = new Map(categories.map((c) => [c.slug, c]))
  const subtree = (slug: string): Set<string> => {
    const out = new Set([slug])
    for (let grew = true; grew;) {
      grew = false
      for (const c of categories)
        if (c.parent && out.has(c.parent) && !out.has(c.slug)) {
          out.add(c.slug)
          grew = true
        }
    }
    return out
  }
  const attributesOf = (slug: string): Category['attributes'] => {
    const chain: Category[] = []
    for (let c = bySlug.get(slug); c; c = c.parent ? bySlug.get(c.parent) : undefined)
      chain.unshift(c)
    return chain.flatMap((c) => c.attributes)
  }
  const wordsMatch = new Map<string, Set<string>>()
  const idsFor = async (q: string): Promise<Set<string>> => {
    const known = wordsMatch.get(q)
    if (known) return known
    // Page through every match (a common word matches more than a page of the catalogue).
    const ids = new Set<string>()
    for (let offset = 0; ; offset += 100) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/tool?q=${encodeURIComponent(q)}&limit=100&offset=${offset}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      for (const t of ToolListSchema.parse(res.json())) ids.add(t._id)
      if (offset + 100 >= Number(res.headers['x-total-count'])) break
    }
    wordsMatch.set(q, ids)
    return ids
  }

  const specMatches = (tool: Tool, f: Filter) => {
    const value = tool.specs?.[f.key]
    if (f.values)
      return f.values.some((v) => value === v || (/^-?\d+(\.\d+)?$/.test(v) && value === Number(v)))
    return (
      typeof value === 'number' &&
      (f.min === undefined || value >= f.min) &&
      (f.max === undefined || value <= f.max)
    )
  }
  const matches = async (tool: Tool, c: Case, without: { category?: true; spec?: string }) =>
    (!c.q || (await idsFor(c.q)).has(tool._id)) &&
    (!c.category || without.category || subtree(c.category).has(tool.category ?? '')) &&
    c.specs.every((f) => f.key === without.spec || specMatches(tool, f)) &&
    (!c.inStock || tool.quantity > 0)
  const countWhere = async (
    c: Case,
    without: { category?: true; spec?: string },
    also: (t: Tool) => boolean,
  ) => {
    let n = 0
    for (const t of tools) if (also(t) && (await matches(t, c, without))) n += 1
    return n
  }

  const next = seededRandom(29)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const words = ['', '', '', 'wrench', 'steel', 'm8', 'stainless', 'torq wrnch', 'set', 'spann']
  const slugs = ['', '', ...categories.map((c) => c.slug)]

  const seen = { withSpecs: 0, nonEmpty: 0, withWords: 0 }
  for (let round = 0; round < 40; round += 1) {
    const category = pick(slugs) || undefined
    const attributes = category ? attributesOf(category).filter((a) => a.filterable) : []
    const specs: Filter[] = []
    for (const a of attributes) {
      if (next() < 0.5) continue
      const seen = [
        ...new Set(tools.flatMap((t) => (t.specs?.[a.key] === undefined ? [] : [t.specs[a.key]]))),
      ]
      if (a.type === 'number') {
        const numbers = seen.filter((v): v is number => typeof v === 'number')
        const lo = numbers.length > 0 && next() < 0.7 ? pick(numbers) : undefined
        const hi =
          numbers.length > 0 && (lo === undefined || next() < 0.5) ? pick(numbers) : undefined
        if (lo === undefined && hi === undefined) continue
        specs.push({
          key: a.key,
          ...(lo !== undefined && { min: hi !== undefined ? Math.min(lo, hi) : lo }),
          ...(hi !== undefined && { max: lo !== undefined ? Math.max(lo, hi) : hi }),
        })
      } else {
        const values = [...(a.values.length > 0 ? a.values : seen.map(String))]
        const chosen = values.filter(() => next() < 0.4)
        if (chosen.length > 0) specs.push({ key: a.key, values: chosen })
      }
    }
    const c: Case = { q: pick(words), ...(category && { category }), specs, inStock: next() < 0.3 }
    const label = queryString(c)
    if (c.specs.length > 0) seen.withSpecs += 1
    if (c.q) seen.withWords += 1
    const facets = ToolFacetsSchema.parse(await getJson(app, `/api/tool/facets?${label}`))

    expect(facets.total, label).toBe(await countWhere(c, {}, () => true))
    if (facets.total > 0) seen.nonEmpty += 1
    const page = await app.inject({ method: 'GET', url: `/api/tool?${label}&limit=1` })
    expect(Number(page.headers['x-total-count']), label).toBe(facets.total)

    for (const { slug, count } of facets.categories) {
      const inside = subtree(slug)
      expect(count, `${label} category ${slug}`).toBe(
        await countWhere(c, { category: true }, (t) => inside.has(t.category ?? '')),
      )
    }
    expect(facets.categories.map((x) => x.slug).sort(), label).toEqual(
      categories.map((x) => x.slug).sort(),
    )

    const expectedKeys = attributes.map((a) => a.key).sort()
    expect(Object.keys(facets.specs).sort(), label).toEqual(expectedKeys)
    for (const a of attributes) {
      const facet = facets.specs[a.key]
      if (a.type === 'number') {
        const values: number[] = []
        for (const t of tools) {
          const v = t.specs?.[a.key]
          if (typeof v === 'number' && (await matches(t, c, { spec: a.key }))) values.push(v)
        }
        expect(facet, `${label} range ${a.key}`).toEqual({
          min: values.length > 0 ? Math.min(...values) : null,
          max: values.length > 0 ? Math.max(...values) : null,
        })
      } else {
        const counts = new Map<string, number>()
        for (const t of tools) {
          const v = t.specs?.[a.key]
          if (v !== undefined && (await matches(t, c, { spec: a.key })))
            counts.set(String(v), (counts.get(String(v)) ?? 0) + 1)
        }
        const expected = [...counts].map(([value, count]) => ({ value, count }))
        const byValue = (x: { value: string }, y: { value: string }) => (x.value < y.value ? -1 : 1)
        expect(
          facet && 'values' in facet ? [...facet.values].sort(byValue) : facet,
          `${label} values ${a.key}`,
        ).toEqual(expected.sort(byValue))
      }
    }
  }
  // The cases were not all trivial.
  expect(seen.withSpecs).toBeGreaterThan(5)
  expect(seen.withWords).toBeGreaterThan(5)
  expect(seen.nonEmpty).toBeGreaterThan(10)
})
