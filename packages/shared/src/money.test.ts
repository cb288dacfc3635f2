import { describe, expect, test } from 'vitest'

import { formatMoney, fromCents, toCents } from './money.js'

describe('money', () => {
  test('converts units to cents without floating point drift', () => {
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(0.29)).toBe(29)
    expect(toCents(59.97)).toBe(5997)
    expect(toCents(0.1 + 0.2)).toBe(30)
  })

  test('three times 19.99 is exactly 59.97 when summed in cents', () => {
    expect(fromCents(toCents(19.99) * 3)).toBe(59.97)
  })

  test('formats US dollars', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
  })
})
