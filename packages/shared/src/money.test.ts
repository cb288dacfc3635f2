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

  test('writes every amount as Intl writes US dollars in en-US', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    const amounts = [0, 0.01, 0.1, 0.29, 1, 9.99, 19.99, 99.5, 100, 999.99, 1000, 1234.5]
    amounts.push(12_345.67, 123_456.7, 1_000_000, 98_765_432.1, -0.01, -5, -1234.56)
    for (let cents = 0; cents < 200_000; cents += 997) amounts.push(cents / 100)
    for (const units of amounts) expect(formatMoney(units), String(units)).toBe(usd.format(units))
  })
})
