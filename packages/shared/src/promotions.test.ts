import { describe, expect, test } from 'vitest'

import { messages } from './messages.js'
import { PromotionCreateBodySchema, PromotionUpdateBodySchema } from './promotions.js'

const body = {
  kind: 'free-shipping',
  startsAt: '2026-03-01',
  endsAt: '2026-03-31',
  title: 'Free shipping',
  text: 'All month.',
}

const fieldMessages = (result: ReturnType<typeof PromotionCreateBodySchema.safeParse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('promotion dates (shop dates, YYYY-MM-DD)', () => {
  test.for(['2024-02-29', '2026-12-31'])('accepts %s', (date) => {
    expect(
      PromotionCreateBodySchema.safeParse({ ...body, startsAt: date, endsAt: date }).success,
    ).toBe(true)
  })

  // Some of these are not dates at all: the rule must answer, never throw (a 500 on the server).
  test.for([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '10/03/2026',
    '2026-3-1',
    '',
    'x'.repeat(40),
  ])('refuses %j with the date message', (date) => {
    const result = PromotionCreateBodySchema.safeParse({ ...body, startsAt: date })
    expect(fieldMessages(result)).toEqual({ startsAt: messages.promotionRules.dateRequired })
    expect(PromotionUpdateBodySchema.safeParse({ endsAt: date }).success).toBe(false)
  })
})
