import { describe, expect, test } from 'vitest'

import {
  EMPTY_PRODUCTS_SEARCH,
  productsFacetsQuery,
  productsListQuery,
  productsSearchString,
  readProductsSearch,
  withCategory,
  withSpecFilter,
} from './products-search.js'

const read = (search: string) => readProductsSearch(new URLSearchParams(search))

describe('/products URL ⇄ filters', () => {
  test("the issue's example reads as its filters and writes back the same address", () => {
    const url = '?category=drill-bits&q=hss&spec.diameter=8..12&spec.material=HSS,HSS-Co'
    const search = read(url)
    expect(search).toEqual({
      page: 1,
      q: 'hss',
      sort: 'relevance',
      category: 'drill-bits',
      inStock: false,
      specs: [
        { key: 'diameter', kind: 'range', min: 8, max: 12 },
        { key: 'material', kind: 'values', values: ['HSS', 'HSS-Co'] },
      ],
    })
    expect(productsSearchString(search)).toBe(url)
  })

  test.for([
    ['?spec.diameter=8..', { key: 'diameter', kind: 'range', min: 8 }],
    ['?spec.diameter=..12.5', { key: 'diameter', kind: 'range', max: 12.5 }],
    ['?spec.diameter=-3..4', { key: 'diameter', kind: 'range', min: -3, max: 4 }],
    ['?spec.thread=M8', { key: 'thread', kind: 'values', values: ['M8'] }],
    ['?spec.thread=M8&spec.thread=M10', { key: 'thread', kind: 'values', values: ['M8', 'M10'] }],
  ] as const)('%s is one filter, and writes back', ([url, filter]) => {
    const search = read(url)
    expect(search.specs).toEqual([filter])
    expect(read(productsSearchString(search)).specs).toEqual([filter])
  })

  test('bad filters, a bad slug and junk are left out, never an error; the rest stays', () => {
    const search = read(
      '?spec.diameter=12..8&spec.length=a..b&spec.Bad=1&spec.x=..&category=No Such!&page=-2&inStock=yes&spec.material=HSS',
    )
    expect(search.specs).toEqual([{ key: 'material', kind: 'values', values: ['HSS'] }])
    expect(search.category).toBe('')
    expect(search.page).toBe(1)
    expect(search.inStock).toBe(false)
  })

  test('filters are written in key order, so equal views have equal addresses', () => {
    expect(productsSearchString(read('?spec.material=HSS&spec.diameter=8..12'))).toBe(
      productsSearchString(read('?spec.diameter=8..12&spec.material=HSS')),
    )
  })

  test('words sort by relevance unless the buyer sorts; without words, newest', () => {
    expect(read('?q=drill').sort).toBe('relevance')
    expect(read('').sort).toBe('newest')
    expect(productsSearchString(read('?q=drill&sort=newest'))).toBe('?q=drill&sort=newest')
    expect(productsSearchString(read('?sort=relevance'))).toBe('?sort=relevance')
    expect(productsSearchString(read('?q=drill&sort=relevance'))).toBe('?q=drill')
  })

  test('in stock, page and sort round-trip', () => {
    const url = '?inStock=true&sort=price_desc&page=3'
    expect(productsSearchString(read(url))).toBe(url)
  })

  test('values that need encoding stay one value', () => {
    const search = withSpecFilter(EMPTY_PRODUCTS_SEARCH, 'finish', {
      key: 'finish',
      kind: 'values',
      values: ['Black oxide & oil', '50% matt'],
    })
    expect(read(productsSearchString(search)).specs).toEqual(search.specs)
  })

  test('the API queries carry the same filters; defaults are left out', () => {
    const search = read('?category=drill-bits&spec.diameter=8..&inStock=true&page=2')
    expect(productsFacetsQuery(search)).toEqual({
      category: 'drill-bits',
      'spec.diameter': '8..',
      inStock: 'true',
    })
    expect(productsListQuery(search)).toEqual({
      limit: 24,
      offset: 24,
      category: 'drill-bits',
      'spec.diameter': '8..',
      inStock: 'true',
    })
    expect(productsListQuery(read('?q=x&sort=price_asc')).sort).toBe('price_asc')
  })

  test('choosing a filter goes back to page 1; a new category drops the old spec filters', () => {
    const search = read('?category=drill-bits&spec.material=HSS&page=4')
    const narrowed = withSpecFilter(search, 'diameter', { key: 'diameter', kind: 'range', min: 6 })
    expect(productsSearchString(narrowed)).toBe(
      '?category=drill-bits&spec.diameter=6..&spec.material=HSS',
    )
    expect(productsSearchString(withSpecFilter(narrowed, 'material', undefined))).toBe(
      '?category=drill-bits&spec.diameter=6..',
    )
    expect(productsSearchString(withCategory(narrowed, 'taps'))).toBe('?category=taps')
  })
})
