import { describe, expect, test } from 'vitest'

import { nextActive } from './suggest-keys'

describe('the search box keys (combobox pattern)', () => {
  test('down from none is the first, and wraps after the last', () => {
    expect(nextActive(-1, 'ArrowDown', 3)).toBe(0)
    expect(nextActive(0, 'ArrowDown', 3)).toBe(1)
    expect(nextActive(2, 'ArrowDown', 3)).toBe(0)
  })
  test('up from none is the last, and wraps before the first', () => {
    expect(nextActive(-1, 'ArrowUp', 3)).toBe(2)
    expect(nextActive(1, 'ArrowUp', 3)).toBe(0)
    expect(nextActive(0, 'ArrowUp', 3)).toBe(2)
  })
  test('no suggestions, no active option; other keys change nothing', () => {
    expect(nextActive(-1, 'ArrowDown', 0)).toBe(-1)
    expect(nextActive(1, 'a', 3)).toBe(1)
  })
})
