import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import {
  orderTotals,
  percentDiscountCents,
  priceBreaksProblem,
  priceLine,
  quantityProblem,
  shipsBy,
  splitStock,
  unitPriceCents,
  type PricedTool,
} from './pricing.js'
import { addWorkingDays, shopDate } from './shop-calendar.js'

const bolts: PricedTool = {
  priceCents: 1000,
  priceBreaks: [
    { minQuantity: 100, priceCents: 850 },
    { minQuantity: 500, priceCents: 700 },
    { minQuantity: 1000, priceCents: 625 },
  ],
  packSize: 50,
  minimum: 50,
  stock: 600,
  madeToOrder: false,
  leadTimeDays: null,
}

describe('volume price breaks', () => {
  test.for([
    [50, 1000],
    [99, 1000],
    [100, 850],
    [499, 850],
    [500, 700],
    [999, 700],
    [1000, 625],
    [50_000, 625],
  ])('%i units cost %i cents each', ([quantity, cents]) => {
    expect(unitPriceCents(bolts, quantity!)).toBe(cents)
  })

  test('a line is the unit price of the break in force times the quantity, in cents', () => {
    expect(priceLine(bolts, 150)).toMatchObject({
      breakIndex: 0,
      unitPriceCents: 850,
      lineTotalCents: 127_500,
    })
    expect(priceLine({ ...bolts, priceBreaks: [] }, 150)).toMatchObject({
      breakIndex: -1,
      unitPriceCents: 1000,
      lineTotalCents: 150_000,
    })
  })

  test('buying more never raises the unit price, and totals are whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(unitPriceCents(bolts, high)).toBeLessThanOrEqual(unitPriceCents(bolts, low))
        const line = priceLine({ ...bolts, madeToOrder: true }, high)
        expect(Number.isInteger(line.lineTotalCents)).toBe(true)
        expect(line.lineTotalCents).toBe(line.unitPriceCents * high)
      }),
    )
  })

  test.for([
    [[], null],
    [[{ minQuantity: 100, priceCents: 850 }], null],
    [
      [
        { minQuantity: 50, priceCents: 1000 },
        { minQuantity: 100, priceCents: 900 },
      ],
      null,
    ],
    [[{ minQuantity: 100, priceCents: 1100 }], 'price-not-falling'],
    [
      [
        { minQuantity: 100, priceCents: 850 },
        { minQuantity: 100, priceCents: 800 },
      ],
      'not-ascending',
    ],
    [
      [
        { minQuantity: 200, priceCents: 850 },
        { minQuantity: 100, priceCents: 800 },
      ],
      'not-ascending',
    ],
    [
      [
        { minQuantity: 100, priceCents: 850 },
        { minQuantity: 200, priceCents: 850 },
      ],
      'price-not-falling',
    ],
    [[{ minQuantity: 120, priceCents: 850 }], 'not-pack-multiple'],
    [
      [100, 200, 300, 400, 500, 600].map((q, i) => ({ minQuantity: q, priceCents: 900 - i })),
      'too-many',
    ],
  ] as const)('breaks %j → %s', ([priceBreaks, problem]) => {
    expect(priceBreaksProblem({ ...bolts, priceBreaks })?.kind ?? null).toBe(problem)
  })
})

describe('quantity rules', () => {
  test.for([
    [0, 'not-whole'],
    [1.5, 'not-whole'],
    [25, 'below-minimum'],
    [75, 'not-pack-multiple'],
    [650, 'over-stock'],
    [50, null],
    [600, null],
  ] as const)('%d units → %s', ([quantity, problem]) => {
    expect(quantityProblem(bolts, quantity)?.kind ?? null).toBe(problem)
  })

  test('the minimum is checked before the pack size, as a buyer reads the rules', () => {
    expect(quantityProblem({ ...bolts, minimum: 100 }, 50)).toEqual({
      kind: 'below-minimum',
      minimum: 100,
    })
  })
})

describe('made to order', () => {
  const lathe: PricedTool = {
    ...bolts,
    packSize: 1,
    minimum: 1,
    stock: 3,
    madeToOrder: true,
    leadTimeDays: 10,
  }

  test('may exceed stock: the stock is taken and the rest is made', () => {
    expect(quantityProblem(lathe, 8)).toBeNull()
    expect(splitStock(lathe, 8)).toEqual({ fromStock: 3, madeToOrder: 5 })
    expect(splitStock(lathe, 2)).toEqual({ fromStock: 2, madeToOrder: 0 })
    expect(splitStock({ ...lathe, stock: 0 }, 4)).toEqual({ fromStock: 0, madeToOrder: 4 })
  })

  test('a tool without the mark never makes anything', () => {
    expect(splitStock({ ...lathe, madeToOrder: false }, 2)).toEqual({
      fromStock: 2,
      madeToOrder: 0,
    })
  })

  test('from stock plus made always equals the quantity, and stock is never over-taken', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 5000 }),
        (stock, q) => {
          const split = splitStock({ stock, madeToOrder: true }, q)
          expect(split.fromStock + split.madeToOrder).toBe(q)
          expect(split.fromStock).toBeLessThanOrEqual(stock)
          expect(split.madeToOrder).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })

  test('ships after the lead time in working days (Friday and Saturday are the weekend)', () => {
    // Thursday 2026-11-26 in Dhaka; 10 working days skip two weekends.
    const at = new Date('2026-11-26T04:00:00Z')
    expect(shopDate(at)).toBe('2026-11-26')
    expect(addWorkingDays('2026-11-26', 1)).toBe('2026-11-29')
    expect(addWorkingDays('2026-11-26', 10)).toBe('2026-12-10')
    expect(shipsBy(lathe, { madeToOrder: 5 }, at)).toBe('2026-12-10')
    expect(shipsBy(lathe, { madeToOrder: 0 }, at)).toBe('2026-11-26')
  })

  test("the shop's date is Dhaka's: 20:00 UTC is already the next day there", () => {
    expect(shopDate(new Date('2026-11-26T20:00:00Z'))).toBe('2026-11-27')
  })
})

describe('first-order discount', () => {
  test('a percent of the subtotal, rounded half up to the cent', () => {
    expect(percentDiscountCents(1999, 50, 10_000)).toBe(1000)
    expect(percentDiscountCents(1001, 15, 10_000)).toBe(150)
  })

  test('capped, and never more than the subtotal', () => {
    expect(percentDiscountCents(50_000_00, 50, 100_00)).toBe(100_00)
    expect(percentDiscountCents(500, 100, 100_00)).toBe(500)
  })

  test('order totals: subtotal minus the discount is what is paid', () => {
    const lines = [priceLine(bolts, 100), priceLine(bolts, 500)]
    expect(orderTotals(lines, { percent: 50, capCents: 100_00 })).toEqual({
      subtotalCents: 85_000 + 350_000,
      discountCents: 100_00,
      totalCents: 435_000 - 100_00,
    })
    expect(orderTotals(lines, null).discountCents).toBe(0)
  })
})
