import { describe, expect, test } from 'vitest'

import { formatAmount, formatMoney, fromCents, toCents } from './money.js'

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

describe('formatAmount', () => {
  test('writes dollars as formatMoney does', () => {
    expect(formatAmount(1234.5, 'USD')).toBe('$1,234.50')
  })

  test('writes taka as bn-BD does with Latin digits, sign first', () => {
    const intl = new Intl.NumberFormat('bn-BD', {
      style: 'currency',
      currency: 'BDT',
      numberingSystem: 'latn',
    })
    for (const taka of [0, 5, 999, 1000, 12345.5, 123456, 1234567.89, 987654321.01]) {
      const expected = intl.format(taka).replace('৳', '').trim()
      expect(formatAmount(taka, 'BDT')).toBe(`৳${expected}`)
    }
    expect(formatAmount(-1500, 'BDT')).toBe('-৳1,500.00')
  })
})
