import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import {
  currencyFromCookies,
  inCurrency,
  shareDiscount,
  splitVat,
  taxOrder,
  withoutVat,
  type OrderCurrency,
} from './tax-pricing.js'
import { parseBin } from './tax-schemas.js'

const rate = { perUsd: 122.5 }

describe('one price in taka or dollars, with the VAT it contains', () => {
  test('a taka unit price is the dollar price times the rate, rounded half up to a whole taka', () => {
    expect(inCurrency(1999, 'USD', null)).toBe(1999)
    // 19.99 × 122.5 = 2448.775 → 2449 taka.
    expect(inCurrency(1999, 'BDT', rate)).toBe(244_900)
    // Exactly half a taka rounds up: 1 cent × 150 = 1.5 taka → 2; just under half rounds down.
    expect(inCurrency(1, 'BDT', { perUsd: 150 })).toBe(200)
    expect(inCurrency(1, 'BDT', { perUsd: 149.9999 })).toBe(100)
    expect(() => inCurrency(100, 'BDT', null)).toThrow(/rate/)
    expect(() => inCurrency(100, 'BDT', { perUsd: 0 })).toThrow(/positive/)
  })

  test('an export pays the price without VAT, rounded to the cent or the whole taka (half up)', () => {
    // 115.00 / 1.15 = 100.00; 1.15 / 1.15 = 1; 0.23 / 1.15 = 0.2 → 20 cents.
    expect(withoutVat(11_500, 'USD', 15)).toBe(10_000)
    expect(withoutVat(23, 'USD', 15)).toBe(20)
    // 0.0575 / 1.15 = 0.05 exactly; 0.01 / 1.15 = 0.0087 → 1 cent.
    expect(withoutVat(1, 'USD', 15)).toBe(1)
    // 2449 taka / 1.15 = 2129.56… → 2130 taka; 23 taka / 1.15 = 20 taka exactly.
    expect(withoutVat(244_900, 'BDT', 15)).toBe(213_000)
    expect(withoutVat(2_300, 'BDT', 15)).toBe(2_000)
  })

  test('a domestic line shows the VAT it contains: value = total × 100 / 115, VAT the rest', () => {
    expect(splitVat(11_500, 15)).toEqual({ valueBeforeVat: 10_000, vat: 1_500 })
    // 59.97: 5997 × 100 / 115 = 5214.78… → 5215, VAT 782.
    expect(splitVat(5_997, 15)).toEqual({ valueBeforeVat: 5_215, vat: 782 })
    expect(splitVat(5_997, 0)).toEqual({ valueBeforeVat: 5_997, vat: 0 })
  })

  test('the discount cap is its dollar cap times the rate, rounded to whole taka', () => {
    const order = taxOrder({
      lines: [{ unitUsdCents: 100_000, quantity: 2 }],
      currency: 'BDT',
      rate,
      country: 'BD',
      vatPercent: 15,
      // 50% off, up to $100.01 = 12,251.225 taka → 12,251 taka.
      discount: { percent: 50, capUsdCents: 10_001 },
    })
    expect(order.discount).toBe(1_225_100)
    expect(order.total).toBe(order.subtotal - 1_225_100)
    expect(order.discountCapped).toBe(true)
  })

  test('the order says when the cap, not the percent, set its discount', () => {
    const priced = (unitUsdCents: number, capUsdCents: number) =>
      taxOrder({
        lines: [{ unitUsdCents, quantity: 1 }],
        currency: 'USD',
        rate: null,
        country: 'BD',
        vatPercent: 15,
        discount: { percent: 10, capUsdCents },
      })
    // 10% of $500 is $50, over a $20 cap; 10% of $100 is $10, under it; exactly at the cap is
    // the percent's own amount, not capped.
    expect(priced(50_000, 2_000)).toMatchObject({ discount: 2_000, discountCapped: true })
    expect(priced(10_000, 2_000)).toMatchObject({ discount: 1_000, discountCapped: false })
    expect(priced(20_000, 2_000)).toMatchObject({ discount: 2_000, discountCapped: false })
    expect(
      taxOrder({
        lines: [{ unitUsdCents: 100, quantity: 1 }],
        currency: 'USD',
        rate: null,
        country: 'BD',
        vatPercent: 15,
      }).discountCapped,
    ).toBe(false)
  })

  test('an export order says so and carries no VAT; a domestic one includes it', () => {
    const lines = [{ unitUsdCents: 11_500, quantity: 1 }]
    const abroad = taxOrder({ lines, currency: 'USD', rate: null, country: 'de', vatPercent: 15 })
    expect(abroad).toMatchObject({ export: true, vatRate: 0, total: 10_000, vat: 0 })
    const home = taxOrder({ lines, currency: 'USD', rate: null, country: 'BD', vatPercent: 15 })
    expect(home).toMatchObject({ export: false, vatRate: 15, total: 11_500, vat: 1_500 })
    expect(home.exchangeRate).toBeNull()
    expect(
      taxOrder({ lines, currency: 'BDT', rate, country: 'BD', vatPercent: 15 }).exchangeRate,
    ).toBe(122.5)
  })

  test('over 1,000 random carts in both currencies and both deliveries the sums hold to the poisha', () => {
    const line = fc.record({
      unitUsdCents: fc.integer({ min: 1, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 500 }),
    })
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<OrderCurrency>('USD', 'BDT'),
        fc.constantFrom('BD', 'IN', 'DE'),
        fc.option(
          fc.record({
            percent: fc.integer({ min: 1, max: 100 }),
            capUsdCents: fc.integer({ min: 0, max: 2_000_000 }),
          }),
        ),
        fc.integer({ min: 1_000_000, max: 2_000_000 }).map((r) => ({ perUsd: r / 10_000 })),
        (lines, currency, country, discount, takaRate) => {
          const order = taxOrder({
            lines,
            currency,
            rate: takaRate,
            country,
            vatPercent: 15,
            discount,
          })
          const sum = (pick: (l: (typeof order.lines)[number]) => number) =>
            order.lines.reduce((total, l) => total + pick(l), 0)
          expect(sum((l) => l.lineTotal)).toBe(order.subtotal)
          expect(order.subtotal - order.discount).toBe(order.total)
          expect(sum((l) => l.valueBeforeVat) + sum((l) => l.vat)).toBe(order.total)
          expect(sum((l) => l.discount)).toBe(order.discount)
          expect(sum((l) => l.totalWithTax)).toBe(order.total)
          for (const l of order.lines) {
            expect(Number.isInteger(l.unitPrice) && l.unitPrice >= 0).toBe(true)
            if (currency === 'BDT') expect(l.unitPrice % 100).toBe(0)
            expect(l.vat).toBeGreaterThanOrEqual(0)
          }
          if (country !== 'BD') expect(order.vat).toBe(0)
          expect(order.total).toBeGreaterThanOrEqual(0)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  test('a discount is shared over the lines exactly, largest remainder first', () => {
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33])
    expect(shareDiscount([300, 100], 0)).toEqual([0, 0])
    expect(shareDiscount([1, 2, 3], 6)).toEqual([1, 2, 3])
  })
})

describe('a BIN', () => {
  test('13 digits, with or without the dash after the ninth, are the same BIN', () => {
    expect(parseBin('000123456-0101')).toEqual({ bin: '0001234560101' })
    expect(parseBin(' 0001234560101 ')).toEqual({ bin: '0001234560101' })
  })

  test('anything else is refused with the reason', () => {
    for (const bad of [
      '',
      '123',
      '00012345-60101',
      '0001234560101x',
      '000123456--0101',
      '00012345601011',
    ])
      expect(parseBin(bad)).toEqual({ problem: expect.stringContaining('13 digits') as string })
  })
})

describe('the currency cookie', () => {
  test('names USD or BDT among other cookies; anything else chooses nothing', () => {
    expect(currencyFromCookies('a=1; currency=BDT; b=2')).toBe('BDT')
    expect(currencyFromCookies('currency=USD')).toBe('USD')
    for (const header of [undefined, '', 'currency=EUR', 'xcurrency=BDT', 'currency=BDTX'])
      expect(currencyFromCookies(header)).toBeUndefined()
  })
})
