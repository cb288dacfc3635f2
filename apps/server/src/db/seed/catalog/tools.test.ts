import {
  buyingRulesProblem,
  CATEGORY_DEPTH_MAX,
  fromCents,
  inheritedAttributes,
  PART_NUMBER_PATTERN,
  specsProblem,
  ToolDocumentSchema,
} from '@toolworks/shared'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, test } from 'vitest'

import { seedCategories } from './categories.js'
import { seedReviews } from './reviews.js'
import { seedTools } from './tools.js'

/** The demo tools from before the catalogue search, in their order: they keep their names (and so their ids). */
const FIRST_TOOLS = [
  'Combination Wrench Set, 8–19 mm (8 pcs)',
  'Ball-Peen Hammer, 16 oz',
  'Keyless Drill Chuck, 13 mm (1/2"-20 UNF)',
  'Precision Vernier Caliper, 0–150 mm',
  'Hex Bolt Pack M10 × 40 mm (50 pcs)',
  'Bench Vise, 125 mm with Swivel Base',
  'Angle Grinder Cutting Discs, 115 mm (25 pcs)',
  'Socket Set, 1/2" Drive (24 pcs)',
  'Heavy-Duty Pipe Wrench, 14"',
  'Spring Clamp Pack, 50/75/100 mm (6 pcs)',
  'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
  'Aviation Tin Snips, Straight Cut, 250 mm',
  'Flat File Set, 200–250 mm (3 pcs)',
  'Steel Butt Hinge Pack, 100 mm (10 pairs)',
  'Hacksaw with 300 mm Bi-Metal Blade',
  'Welding Gloves, Leather Gauntlet (Pair)',
  'Hex Key Set, 1.5–10 mm (9 pcs)',
  'Socket Cap Screw M8 × 30 mm, Stainless A2 (100 pcs)',
]

const publicDir = fileURLToPath(new URL('../../../../../web/public', import.meta.url))

describe('seed tools', () => {
  test('there are demo tools and their names are unique', () => {
    expect(seedTools.length).toBeGreaterThanOrEqual(200)
    const names = seedTools.map((t) => t.name)
    expect(new Set(names).size).toBe(names.length)
  })

  test.each(seedTools.map((t) => [t.name, t] as const))('%s has valid numbers and text', (_, t) => {
    expect(t.name.trim().length).toBeGreaterThan(0)
    expect(Number.isInteger(t.priceCents)).toBe(true)
    expect(t.priceCents).toBeGreaterThan(0)
    expect(Number.isInteger(t.quantity)).toBe(true)
    expect(Number.isInteger(t.minimum)).toBe(true)
    expect(t.minimum).toBeGreaterThanOrEqual(1)
    expect(t.minimum).toBeLessThanOrEqual(t.quantity)
    expect(t.description.length).toBeGreaterThanOrEqual(1)
    expect(t.description.length).toBeLessThanOrEqual(300)
  })

  test.each(seedTools.map((t) => [t.name, t.svg] as const))(
    '%s has a self-contained SVG',
    (_, svg) => {
      expect(svg.startsWith('<svg')).toBe(true)
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
      expect(svg).toContain('viewBox="0 0 800 600"')
      for (const forbidden of ['<script', '<image', 'href=', 'foreignObject', '<text']) {
        expect(svg).not.toContain(forbidden)
      }
    },
  )

  test.each(seedTools.map((t) => [t.name, t] as const))(
    '%s keeps the buying rules an admin would be held to',
    (_, t) => {
      const problem = buyingRulesProblem({
        price: fromCents(t.priceCents),
        minimum: t.minimum,
        packSize: t.packSize ?? 1,
        madeToOrder: t.madeToOrder ?? false,
        leadTimeDays: t.leadTimeDays ?? null,
        priceBreaks: (t.priceBreaks ?? []).map((b) => ({
          minQuantity: b.minQuantity,
          price: fromCents(b.priceCents),
        })),
      })
      expect(problem).toBeNull()
    },
  )

  test('the demo shows price breaks, pack sizes and made to order', () => {
    expect(seedTools.some((t) => (t.priceBreaks ?? []).length > 0)).toBe(true)
    expect(seedTools.some((t) => (t.packSize ?? 1) > 1)).toBe(true)
    expect(seedTools.some((t) => t.madeToOrder)).toBe(true)
  })

  test('the first tools each have their own picture; the range shares a score of them', () => {
    const first = seedTools.slice(0, FIRST_TOOLS.length)
    expect(new Set(first.map((t) => t.svg)).size).toBe(first.length)
    // The first start encodes each distinct picture once (seed.ts): a few more than the
    // first tools' pictures, not one per tool.
    const distinct = new Set(seedTools.map((t) => t.svg)).size
    expect(distinct).toBeGreaterThan(first.length)
    expect(distinct).toBeLessThanOrEqual(first.length + 3)
  })
})

describe('seed reviews', () => {
  test.each(seedReviews.map((r) => [r.customerName, r] as const))(
    '%s has whole stars and an email',
    (_, r) => {
      expect(Number.isInteger(r.stars)).toBe(true)
      expect(r.stars).toBeGreaterThanOrEqual(1)
      expect(r.stars).toBeLessThanOrEqual(5)
      expect(r.customer).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i)
      expect(r.customerName.trim().length).toBeGreaterThan(0)
      expect(r.reviewText.trim().length).toBeGreaterThan(0)
    },
  )
})

describe('seed catalogue', () => {
  const categories = seedCategories.map((c) => ({ ...c }))

  test('categories are unique, parents come first, at most 3 levels', () => {
    const seen = new Set<string>()
    for (const c of seedCategories) {
      expect(seen.has(c.slug)).toBe(false)
      if (c.parent) expect(seen.has(c.parent)).toBe(true)
      seen.add(c.slug)
    }
    for (const c of seedCategories) {
      let depth = 1
      for (let p = c.parent; p; p = seedCategories.find((x) => x.slug === p)?.parent ?? null)
        depth += 1
      expect(depth).toBeLessThanOrEqual(CATEGORY_DEPTH_MAX)
    }
  })

  test.each(seedTools.map((t) => [t.name, t] as const))(
    '%s has a unique part number and specs its category allows',
    (_, t) => {
      expect(t.partNumber).toMatch(PART_NUMBER_PATTERN)
      expect(
        seedTools.filter((o) => o.partNumber.toLowerCase() === t.partNumber.toLowerCase()),
      ).toHaveLength(1)
      const category = seedCategories.find((c) => c.slug === t.category)
      expect(category).toBeDefined()
      expect(
        specsProblem(t.specs, inheritedAttributes(categories, t.category), category?.name ?? ''),
      ).toBeNull()
    },
  )

  test('the first tools keep their names and order, and stay the newest', () => {
    expect(seedTools.slice(0, FIRST_TOOLS.length).map((t) => t.name)).toEqual(FIRST_TOOLS)
    // Only the first tools make the demo order history.
    expect(seedTools.filter((t) => !t.notInDemoHistory).map((t) => t.name)).toEqual(
      FIRST_TOOLS.slice(0, 16),
    )
  })

  test('at least 8 top-level categories, each with tools; sub-categories with tools too', () => {
    const top = seedCategories.filter((c) => c.parent === null).map((c) => c.slug)
    expect(top).toEqual(
      expect.arrayContaining([
        'hand-tools',
        'cutting-tools',
        'fasteners',
        'measuring',
        'power-tool-parts',
        'workholding',
        'abrasives',
        'safety',
      ]),
    )
    const rootOf = (slug: string): string => {
      const c = seedCategories.find((x) => x.slug === slug)
      return c?.parent ? rootOf(c.parent) : slug
    }
    for (const slug of top)
      expect(seedTools.filter((t) => rootOf(t.category) === slug).length).toBeGreaterThanOrEqual(10)
    // The journeys' categories (drill bits by diameter and material) are well stocked.
    const drills = seedTools.filter((t) => t.category === 'drill-bits')
    expect(drills.length).toBeGreaterThanOrEqual(20)
    expect(new Set(drills.map((t) => t.specs.material))).toEqual(new Set(['HSS', 'HSS-Co']))
    // Every sub-category holds tools (an empty one would be a dead end in the tree).
    const used = new Set(seedTools.map((t) => t.category))
    for (const c of seedCategories.filter((x) => x.parent !== null)) expect(used).toContain(c.slug)
  })

  test.each(seedTools.map((t) => [t.name, t] as const))(
    '%s has at least 5 specifications, some of them filterable',
    (_, t) => {
      expect(Object.keys(t.specs).length).toBeGreaterThanOrEqual(5)
      const attributes = inheritedAttributes(categories, t.category)
      const filterable = attributes.filter((a) => a.filterable && a.key in t.specs)
      expect(filterable.length).toBeGreaterThanOrEqual(2)
    },
  )
})

describe('seed documents', () => {
  const documents = seedTools.flatMap((t) => t.documents ?? [])
  const urls = [...new Set(documents.map((d) => d.url))]

  test('some tools have documents of every kind, each valid for the API', () => {
    expect(seedTools.filter((t) => (t.documents ?? []).length > 0).length).toBeGreaterThanOrEqual(
      10,
    )
    expect(new Set(documents.map((d) => d.kind))).toEqual(
      new Set(['datasheet', 'cad', 'manual', 'certificate']),
    )
    for (const t of seedTools)
      expect(
        ToolDocumentSchema.array()
          .max(20)
          .safeParse(t.documents ?? []).success,
      ).toBe(true)
  })

  // The web build copies public/ as it is, and the server serves the build (static-assets.ts);
  // e2e/catalog.spec.ts downloads them from the running shop.
  test.each(urls)("%s is a real file of its kind under the web app's public folder", (url) => {
    expect(url).toMatch(/^\/docs\/[a-z0-9.-]+$/)
    const file = path.join(publicDir, url)
    expect(existsSync(file)).toBe(true)
    const bytes = readFileSync(file)
    const kind = documents.find((d) => d.url === url)?.kind
    if (url.endsWith('.pdf')) {
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF')
      expect(kind).not.toBe('cad')
    } else if (url.endsWith('.step')) {
      expect(bytes.toString('utf8')).toMatch(/^ISO-10303-21;[\s\S]*END-ISO-10303-21;\s*$/)
      expect(kind).toBe('cad')
    } else {
      expect(url.endsWith('.dxf')).toBe(true)
      expect(bytes.toString('utf8')).toMatch(/SECTION[\s\S]*ENTITIES[\s\S]*EOF\s*$/)
      expect(kind).toBe('cad')
    }
  })
})
