import { describe, expect, test } from 'vitest'

import { isQuoteExpired, quoteValidUntilDefault, quoteValidUntilProblem } from './quotes.js'
import { quoteRuleWords } from './messages-quotes.js'
import {
  addDays,
  lastShopDays,
  shopDate,
  shopDateIn,
  shopDateTime,
  shopDayEnd,
  shopDayStart,
} from './shop-calendar.js'

// 23:59 and 00:01 in Dhaka around the shop's midnight that starts 2026-03-02.
const LATE = new Date('2026-03-01T17:59:00Z')
const EARLY = new Date('2026-03-01T18:01:00Z')

describe('the shop calendar', () => {
  test('a shop day runs from one Dhaka midnight to the next', () => {
    expect(shopDate(LATE)).toBe('2026-03-01')
    expect(shopDate(EARLY)).toBe('2026-03-02')
    expect(shopDayStart('2026-03-02').toISOString()).toBe('2026-03-01T18:00:00.000Z')
    expect(shopDayEnd('2026-03-01')).toEqual(shopDayStart('2026-03-02'))
    expect(shopDateTime('2026-03-01T18:01:00Z')).toBe('2026-03-02 00:01')
  })

  test('counts calendar days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(shopDateIn(2, EARLY)).toBe('2026-03-04')
  })

  test('the last n shop days end on the shop date of now', () => {
    expect(lastShopDays(EARLY, 7)).toEqual({
      from: new Date('2026-02-23T18:00:00Z'),
      to: new Date('2026-03-02T18:00:00Z'),
      firstDate: '2026-02-24',
      lastDate: '2026-03-02',
    })
  })
})

describe('quote Valid until', () => {
  test('an offer holds through its whole date and expires at the next shop midnight', () => {
    expect(isQuoteExpired({ validUntil: '2026-03-01' }, LATE)).toBe(false)
    expect(isQuoteExpired({ validUntil: '2026-03-01' }, EARLY)).toBe(true)
  })

  test('an admin may give today up to 180 days ahead, by the shop date', () => {
    expect(quoteValidUntilProblem('2026-03-02', EARLY)).toBeNull()
    expect(quoteValidUntilProblem('2026-03-01', EARLY)).toBe(quoteRuleWords.validUntilPast)
    expect(quoteValidUntilProblem('2026-03-01', LATE)).toBeNull()
    expect(quoteValidUntilProblem(addDays('2026-03-02', 180), EARLY)).toBeNull()
    expect(quoteValidUntilProblem(addDays('2026-03-02', 181), EARLY)).toBe(
      quoteRuleWords.validUntilTooFar,
    )
    expect(quoteValidUntilDefault(EARLY)).toBe('2026-03-16')
  })
})
