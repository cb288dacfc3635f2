import { describe, expect, test } from 'vitest'

import { judgeCard, passesLuhn } from './sandbox-cards.js'

const now = new Date('2026-11-22T00:00:00Z')
const card = (
  number: string,
  over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
})

describe('sandbox test cards', () => {
  test.each([
    ['4242 4242 4242 4242', undefined],
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'Your card number is incorrect.'],
    ['12', 'Your card number is incorrect.'],
  ])('%s → %s', (number, message) => {
    const outcome = judgeCard(card(number), now)
    if (message === undefined) expect(outcome).toEqual({ ok: true })
    else expect(outcome).toMatchObject({ ok: false, message })
  })

  test('an expiry in the past is refused with Stripe’s message', () => {
    expect(judgeCard(card('4242424242424242', { expYear: 2025 }), now)).toMatchObject({
      message: "Your card's expiration year is in the past.",
    })
    expect(judgeCard(card('4242424242424242', { expYear: 26, expMonth: 10 }), now)).toMatchObject({
      ok: false,
    })
    expect(judgeCard(card('4242424242424242', { expYear: 26, expMonth: 11 }), now)).toEqual({
      ok: true,
    })
  })

  test('a real-looking card that is not a test card is never taken', () => {
    expect(passesLuhn('5555555555554444')).toBe(true)
    expect(judgeCard(card('5555 5555 5555 4444'), now)).toMatchObject({
      ok: false,
      code: 'card_declined',
    })
  })
})
