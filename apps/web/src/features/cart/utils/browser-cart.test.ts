import { describe, expect, test, vi } from 'vitest'

import {
  BROWSER_CART_KEY,
  readBrowserCart,
  subscribeBrowserCart,
  writeBrowserCart,
} from './browser-cart'

describe('the browser cart', () => {
  test('keeps what was written under its versioned key and reads it back', () => {
    writeBrowserCart([{ tool: 'a', quantity: 5 }])
    expect(JSON.parse(localStorage.getItem(BROWSER_CART_KEY) ?? 'null')).toEqual({
      lines: [{ tool: 'a', quantity: 5 }],
    })
    expect(readBrowserCart()).toEqual([{ tool: 'a', quantity: 5 }])
  })

  test('gives the same array until the stored text changes (useSyncExternalStore needs it)', () => {
    writeBrowserCart([{ tool: 'a', quantity: 5 }])
    expect(readBrowserCart()).toBe(readBrowserCart())
  })

  test.each([
    ['text that is not JSON', '{lines: ['],
    ['another shape', JSON.stringify([{ tool: 'a', quantity: 5 }])],
    [
      'a quantity that is no whole number',
      JSON.stringify({ lines: [{ tool: 'a', quantity: 1.5 }] }),
    ],
    ['a negative quantity', JSON.stringify({ lines: [{ tool: 'a', quantity: -3 }] })],
    [
      'the same tool twice',
      JSON.stringify({
        lines: [
          { tool: 'a', quantity: 1 },
          { tool: 'a', quantity: 2 },
        ],
      }),
    ],
    ['a tool id that is no string', JSON.stringify({ lines: [{ tool: 7, quantity: 2 }] })],
  ])('ignores corrupted storage: %s', (_what, raw) => {
    localStorage.setItem(BROWSER_CART_KEY, raw)
    expect(readBrowserCart()).toEqual([])
  })

  test('does not read another version of the cart', () => {
    localStorage.setItem(
      'toolworks.cart.v0',
      JSON.stringify({ lines: [{ tool: 'a', quantity: 5 }] }),
    )
    expect(readBrowserCart()).toEqual([])
  })

  test('an empty cart removes the key, and listeners hear every change', () => {
    const listener = vi.fn()
    const stop = subscribeBrowserCart(listener)
    writeBrowserCart([{ tool: 'a', quantity: 5 }])
    writeBrowserCart([])
    stop()
    writeBrowserCart([{ tool: 'b', quantity: 1 }])
    expect(listener).toHaveBeenCalledTimes(2)
    expect(localStorage.getItem(BROWSER_CART_KEY)).not.toBeNull()
    writeBrowserCart([])
    expect(localStorage.getItem(BROWSER_CART_KEY)).toBeNull()
  })
})
