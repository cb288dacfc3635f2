import { describe, expect, test } from 'vitest'

import { changeLines, formatValue } from './change-lines'

describe('the change lines of an audit entry', () => {
  test('values in words: cents as dollars, yes/no, none, empty, breaks and quote lines', () => {
    expect(formatValue('priceCents', 1450)).toBe('$14.50')
    expect(formatValue('capCents', null)).toBe('(none)')
    expect(formatValue('madeToOrder', false)).toBe('no')
    expect(formatValue('note', '')).toBe('(empty)')
    expect(formatValue('quantity', 12000)).toBe('12,000')
    expect(
      formatValue('priceBreaks', [
        { minQuantity: 10, priceCents: 1100 },
        { minQuantity: 50, priceCents: 990 },
      ]),
    ).toBe('10+ $11.00; 50+ $9.90')
    expect(formatValue('priceBreaks', [])).toBe('(none)')
    expect(formatValue('lines', [{ quantity: 100, unitPriceCents: 1250 }])).toBe(
      '100 × $12.50 each',
    )
  })

  test('an edit has both sides, a create only after, a delete only before, in a fixed order', () => {
    // jsonb hands keys back in an order of its own; the lines follow the words' order.
    expect(
      changeLines({ before: { quantity: 4, name: 'A' }, after: { quantity: 5, name: 'B' } }),
    ).toEqual([
      { field: 'name', label: 'Name', before: 'A', after: 'B' },
      { field: 'quantity', label: 'Stock', before: '4', after: '5' },
    ])
    expect(changeLines({ before: null, after: { text: 'Hi', title: 'T' } })).toEqual([
      { field: 'title', label: 'Title', after: 'T' },
      { field: 'text', label: 'Text', after: 'Hi' },
    ])
    expect(changeLines({ before: { someNewField: 1 }, after: null })).toEqual([
      { field: 'someNewField', label: 'someNewField', before: '1' },
    ])
    expect(changeLines({ before: null, after: null })).toEqual([])
  })
})
