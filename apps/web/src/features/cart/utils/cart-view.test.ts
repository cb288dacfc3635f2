import { describe, expect, test } from 'vitest'

import { makeTool } from '@/testing/factories'

import { cartRow, cartTotals, lineAmounts } from './cart-view'

/** The cart's totals in the buyer's currency and for the delivery country. */
describe('cartTotals', () => {
  const rows = [
    cartRow({ tool: 'a', quantity: 3 }, 3, {
      status: 'ok',
      tool: makeTool({ price: 19.99, quantity: 100, minimum: 1, packSize: 1, priceBreaks: [] }),
    }),
    cartRow({ tool: 'b', quantity: 2 }, 2, {
      status: 'ok',
      tool: makeTool({ price: 45.5, quantity: 100, minimum: 1, packSize: 1, priceBreaks: [] }),
    }),
  ]
  const offer = { id: 'p', percent: 50, capCents: 1001 }

  test('in dollars for Bangladesh: the catalogue prices, VAT inside, the discount capped', () => {
    const totals = cartTotals(rows, [offer])
    expect(totals).toMatchObject({
      currency: 'USD',
      subtotalCents: 3 * 1999 + 2 * 4550,
      discountCents: 1001,
      totalCents: 3 * 1999 + 2 * 4550 - 1001,
      vatRate: 15,
    })
  })

  test('in taka: whole taka a unit at the rate, the cap in whole taka, as the server charges', () => {
    const totals = cartTotals(rows, [offer], [], {
      currency: 'BDT',
      rate: { perUsd: 122.5 },
      country: 'BD',
      vatPercent: 15,
    })
    // ৳2,449 × 3 + ৳5,574 × 2 = ৳18,495; the cap $10.01 × 122.5 = ৳1,226.
    expect(totals).toMatchObject({
      currency: 'BDT',
      subtotalCents: 1_849_500,
      discountCents: 122_600,
      totalCents: 1_726_900,
    })
  })

  test('an export is zero-rated: the prices without VAT, no VAT', () => {
    const totals = cartTotals(rows, [], [], {
      currency: 'USD',
      rate: null,
      country: 'DE',
      vatPercent: 15,
    })
    // $17.38 × 3 + $39.57 × 2.
    expect(totals).toMatchObject({ subtotalCents: 1738 * 3 + 3957 * 2, vatRate: 0, vatCents: 0 })
  })
})

/** Each line as the order charges it, so the lines add up to the subtotal shown below them. */
describe('lineAmounts', () => {
  const basis = { rate: { perUsd: 122.5 }, vatPercent: 15 } as const

  test('domestic: the catalogue price, in taka whole taka a unit, the other currency beside', () => {
    expect(lineAmounts(1999, 3, { ...basis, currency: 'USD', country: 'BD' })).toEqual({
      unit: '$19.99',
      total: '$59.97',
      otherUnit: '৳2,449.00',
    })
    expect(lineAmounts(1999, 3, { ...basis, currency: 'BDT', country: 'BD' })).toEqual({
      unit: '৳2,449.00',
      total: '৳7,347.00',
      otherUnit: '$19.99',
    })
  })

  test('an export: every unit without VAT, in both currencies, as its total', () => {
    // $19.99 / 1.15 = $17.38; ৳2,449 / 1.15 = ৳2,129.57 → ৳2,130.
    expect(lineAmounts(1999, 3, { ...basis, currency: 'USD', country: 'DE' })).toEqual({
      unit: '$17.38',
      total: '$52.14',
      otherUnit: '৳2,130.00',
    })
    expect(lineAmounts(1999, 3, { ...basis, currency: 'BDT', country: 'de' })).toEqual({
      unit: '৳2,130.00',
      total: '৳6,390.00',
      otherUnit: '$17.38',
    })
  })

  test('without a rate everything is in dollars and nothing stands beside it', () => {
    expect(
      lineAmounts(1999, 2, { currency: 'BDT', rate: null, country: 'BD', vatPercent: 15 }),
    ).toEqual({
      unit: '$19.99',
      total: '$39.98',
      otherUnit: null,
    })
  })
})
