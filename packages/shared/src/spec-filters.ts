import { specFilterMessages as sm } from './messages-catalog.js'
import type { Category, CategoryAttribute } from './search.js'

/**
 * The catalogue search's rules that the first screen (/products, server-rendered and hydrated)
 * needs: reading `spec.<key>` filters, category slugs, inherited attributes. No zod here, so
 * the first load stays without it; search.ts builds its schemas on these.
 */

/** At most this many answers from `GET /api/tool/suggest`. */
export const SUGGEST_MAX = 8
/** A category tree is at most this deep (a top-level category is level 1). */
export const CATEGORY_DEPTH_MAX = 3
export const SPEC_FILTERS_MAX = 12

export const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,31}$/
export const CATEGORY_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/

/** One `spec.<key>` filter: a list of values, or a numeric range with either end open. */
export type SpecFilter =
  | { key: string; kind: 'values'; values: string[] }
  | { key: string; kind: 'range'; min?: number; max?: number }

/** A number as a spec filter writes it (`8`, `-2.5`): what a range's ends must be, and the
 * values that also match a spec stored as a number. */
export const SPEC_NUMBER = /^-?\d+(?:\.\d+)?$/

/**
 * Reads every `spec.<key>` parameter of a query string. `a,b` is a list of values,
 * `min..max` a range (either end may be left out, not both); anything else is a problem,
 * named by its parameter. Repeated parameters are joined as one list.
 */
export function parseSpecFilters(query: Record<string, unknown>): {
  filters: SpecFilter[]
  problems: { field: string; message: string }[]
} {
  const filters: SpecFilter[] = []
  const problems: { field: string; message: string }[] = []
  for (const [param, raw] of Object.entries(query)) {
    if (!param.startsWith('spec.')) continue
    const key = param.slice('spec.'.length)
    if (!ATTRIBUTE_KEY.test(key)) {
      problems.push({ field: param, message: sm.specKeyBad(key) })
      continue
    }
    const text = (Array.isArray(raw) ? raw.map(String).join(',') : String(raw)).trim()
    if (text.includes('..')) {
      const parts = text.split('..')
      const [lo = '', hi = ''] = parts.map((p) => p.trim())
      if (
        parts.length !== 2 ||
        (lo === '' && hi === '') ||
        (lo !== '' && !SPEC_NUMBER.test(lo)) ||
        (hi !== '' && !SPEC_NUMBER.test(hi))
      ) {
        problems.push({ field: param, message: sm.specRangeBad(key) })
        continue
      }
      const min = lo === '' ? undefined : Number(lo)
      const max = hi === '' ? undefined : Number(hi)
      if (min !== undefined && max !== undefined && min > max) {
        problems.push({ field: param, message: sm.specRangeReversed(key) })
        continue
      }
      filters.push({
        key,
        kind: 'range',
        ...(min !== undefined && { min }),
        ...(max !== undefined && { max }),
      })
      continue
    }
    const values = [
      ...new Set(
        text
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== ''),
      ),
    ]
    if (values.length === 0 || values.some((v) => v.length > 60)) {
      problems.push({ field: param, message: sm.specValuesEmpty(key) })
      continue
    }
    filters.push({ key, kind: 'values', values: values.slice(0, 50) })
  }
  if (filters.length > SPEC_FILTERS_MAX)
    problems.push({ field: 'spec', message: sm.tooManySpecFilters })
  filters.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { filters, problems }
}

/** A category's own attributes after those it inherits from its ancestors (root first). */
export function inheritedAttributes(
  categories: readonly Pick<Category, 'slug' | 'parent' | 'attributes'>[],
  slug: string,
): CategoryAttribute[] {
  const bySlug = new Map(categories.map((c) => [c.slug, c]))
  const chain: Pick<Category, 'slug' | 'parent' | 'attributes'>[] = []
  for (
    let c = bySlug.get(slug);
    c && chain.length < 10;
    c = c.parent ? bySlug.get(c.parent) : undefined
  )
    chain.unshift(c)
  return chain.flatMap((c) => c.attributes)
}
