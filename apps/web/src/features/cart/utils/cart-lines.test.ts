import { describe, expect, test } from 'vitest'

import { CART_LINES_MAX } from '@toolworks/shared'

import {
  addLine,
  cartBody,
  mergeCarts,
  quoteLinesOf,
  removeLines,
  setLineQuantity,
} from './cart-lines'

describe('merging the browser cart into the account at sign-in', () => {
  test('keeps the account lines in order, appends other tools, takes the larger quantity', () => {
    const account = [
      { tool: 'drill', quantity: 10 },
      { tool: 'saw', quantity: 4 },
    ]
    const browser = [
      { tool: 'saw', quantity: 6 },
      { tool: 'bolts', quantity: 100 },
      { tool: 'drill', quantity: 2 },
    ]
    expect(mergeCarts(account, browser)).toEqual([
      { tool: 'drill', quantity: 10 },
      { tool: 'saw', quantity: 6 },
      { tool: 'bolts', quantity: 100 },
    ])
  })

  test('an empty side gives the other, and the inputs are not changed', () => {
    const account = [{ tool: 'a', quantity: 1 }]
    expect(mergeCarts(account, [])).toEqual(account)
    expect(mergeCarts([], account)).toEqual(account)
    mergeCarts(account, [{ tool: 'a', quantity: 9 }])
    expect(account).toEqual([{ tool: 'a', quantity: 1 }])
  })

  test('merging twice gives the same cart', () => {
    const account = [{ tool: 'a', quantity: 3 }]
    const browser = [{ tool: 'b', quantity: 2 }]
    const once = mergeCarts(account, browser)
    expect(mergeCarts(once, browser)).toEqual(once)
  })

  test('stays within the lines a cart may hold', () => {
    const many = Array.from({ length: CART_LINES_MAX }, (_, i) => ({ tool: `t${i}`, quantity: 1 }))
    expect(mergeCarts(many, [{ tool: 'extra', quantity: 1 }])).toHaveLength(CART_LINES_MAX)
  })
})

describe('changing lines', () => {
  test('adding a tool already there adds to its quantity; a new tool is appended', () => {
    const lines = [{ tool: 'a', quantity: 5 }]
    expect(addLine(lines, 'a', 5)).toEqual([{ tool: 'a', quantity: 10 }])
    expect(addLine(lines, 'b', 2)).toEqual([
      { tool: 'a', quantity: 5 },
      { tool: 'b', quantity: 2 },
    ])
  })

  test('sets one quantity and removes the given tools', () => {
    const lines = [
      { tool: 'a', quantity: 5 },
      { tool: 'b', quantity: 2 },
    ]
    expect(setLineQuantity(lines, 'b', 7)).toEqual([
      { tool: 'a', quantity: 5 },
      { tool: 'b', quantity: 7 },
    ])
    expect(removeLines(lines, ['a'])).toEqual([{ tool: 'b', quantity: 2 }])
  })
})

describe('the body of a PUT with custom parts', () => {
  const bracket = {
    quote: 'q1',
    quantity: 500,
    name: 'Custom: Bracket',
    unitPrice: 2.4,
    leadTimeDays: 12,
    validUntil: '2099-01-31',
  }
  const kept = [{ tool: 'saw', quantity: 2 }, bracket]

  test('keeps every custom part as { quote, quantity } after the tools', () => {
    expect(cartBody([{ tool: 'saw', quantity: 3 }], kept)).toEqual([
      { tool: 'saw', quantity: 3 },
      { quote: 'q1', quantity: 500 },
    ])
    expect(cartBody([], kept)).toEqual([{ quote: 'q1', quantity: 500 }])
  })

  test('leaves out only the custom parts asked for', () => {
    expect(cartBody([{ tool: 'saw', quantity: 2 }], kept, ['q1'])).toEqual([
      { tool: 'saw', quantity: 2 },
    ])
    expect(quoteLinesOf(kept)).toEqual([bracket])
  })
})
