import { describe, expect, it } from 'vitest'

import { CartBodySchema } from './cart.js'
import {
  QuoteOfferBodySchema,
  QuoteRequestFieldsSchema,
  quoteNeededByProblem,
  QUOTE_DRAWING_ACCEPT,
} from './quotes.js'

const fields = {
  process: 'machining',
  partName: 'Bracket',
  material: 'Mild steel',
  quantities: '1000, 100,500',
  phone: '+880 1711 000000',
  address: 'Dhaka',
}

describe('quote request fields', () => {
  it('reads quantities from a comma list or repeated fields, sorted', () => {
    expect(QuoteRequestFieldsSchema.parse(fields).quantities).toEqual([100, 500, 1000])
    expect(
      QuoteRequestFieldsSchema.parse({ ...fields, quantities: ['5', '2'] }).quantities,
    ).toEqual([2, 5])
  })

  it('refuses 0, fractions, four quantities, repeats and words', () => {
    for (const quantities of ['0', '1.5', '1,2,3,4', '5,5', 'ten', '', '-3']) {
      expect(
        QuoteRequestFieldsSchema.safeParse({ ...fields, quantities }).success,
        quantities,
      ).toBe(false)
    }
  })

  it('treats an empty Needed by as none, refuses an impossible date, and one in the past', () => {
    expect(QuoteRequestFieldsSchema.parse({ ...fields, neededBy: '' }).neededBy).toBeUndefined()
    expect(QuoteRequestFieldsSchema.safeParse({ ...fields, neededBy: '2026-02-30' }).success).toBe(
      false,
    )
    const now = new Date('2026-11-23T12:00:00Z')
    expect(quoteNeededByProblem('2026-11-22', now)).toBe('Needed by cannot be in the past')
    expect(quoteNeededByProblem('2026-11-23', now)).toBeNull()
  })

  it('refuses an unknown process', () => {
    expect(QuoteRequestFieldsSchema.safeParse({ ...fields, process: 'casting' }).success).toBe(
      false,
    )
  })

  it('offers the picker every accepted extension', () => {
    expect(QUOTE_DRAWING_ACCEPT.split(',')).toEqual(
      expect.arrayContaining([
        '.pdf',
        '.dxf',
        '.dwg',
        '.step',
        '.stp',
        '.iges',
        '.igs',
        '.stl',
        '.png',
        '.jpg',
      ]),
    )
  })
})

describe('quote offer body', () => {
  const offer = {
    lines: [{ quantity: 100, unitPrice: 4.25 }],
    leadTimeDays: 10,
    validUntil: '2026-12-07',
  }
  it('takes whole cents and distinct quantities', () => {
    expect(QuoteOfferBodySchema.parse(offer).note).toBe('')
    expect(
      QuoteOfferBodySchema.safeParse({ ...offer, lines: [{ quantity: 100, unitPrice: 4.255 }] })
        .success,
    ).toBe(false)
    expect(
      QuoteOfferBodySchema.safeParse({ ...offer, lines: [offer.lines[0], offer.lines[0]] }).success,
    ).toBe(false)
    expect(QuoteOfferBodySchema.safeParse({ ...offer, leadTimeDays: 0 }).success).toBe(false)
  })
})

describe('cart lines with quotes', () => {
  it('tells tool and quote lines apart and refuses a quote twice', () => {
    const parsed = CartBodySchema.parse({
      lines: [
        { tool: 't1', quantity: 2 },
        { quote: 'q1', quantity: 500 },
      ],
    })
    expect(parsed.lines).toEqual([
      { tool: 't1', quantity: 2 },
      { quote: 'q1', quantity: 500 },
    ])
    const twice = CartBodySchema.safeParse({
      lines: [
        { quote: 'q1', quantity: 5 },
        { quote: 'q1', quantity: 5 },
      ],
    })
    expect(twice.error?.issues[0]?.message).toBe('This quote is already in the cart.')
    const neither = CartBodySchema.safeParse({ lines: [{ quantity: 5 }] })
    expect(neither.error?.issues[0]?.message).toBe('tool is required')
  })
})
