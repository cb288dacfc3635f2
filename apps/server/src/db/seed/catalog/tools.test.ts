import {
  buyingRulesProblem,
  CATEGORY_DEPTH_MAX,
  fromCents,
  inheritedAttributes,
  PART_NUMBER_PATTERN,
  specsProblem,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { seedCategories } from './categories.js'
import { seedReviews } from './reviews.js'
import { seedTools } from './tools.js'

describe('seed tools', () => {
  test('there are demo tools and their names are unique', () => {
    expect(seedTools.length).toBeGreaterThan(0)
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

  test('every picture is different', () => {
    expect(new Set(seedTools.map((t) => t.svg)).size).toBe(seedTools.length)
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

describe('seed catalogue (issue 29)', () => {
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
})
