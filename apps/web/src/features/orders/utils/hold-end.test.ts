import { describe, expect, test } from 'vitest'

import { holdEnd } from './hold-end'

describe('holdEnd', () => {
  const end = new Date(2026, 10, 28, 0, 29)
  const time = end.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

  test('a hold ending today shows only its time', () => {
    expect(holdEnd(end.toISOString(), new Date(2026, 10, 28, 0, 1))).toBe(time)
  })

  test('a hold ending after midnight shows its date too', () => {
    expect(holdEnd(end.toISOString(), new Date(2026, 10, 27, 23, 49))).toBe(
      `${end.toLocaleDateString()} ${time}`,
    )
  })
})
