/**
 * The sandbox's card rules: Stripe's test cards and Stripe's own messages. Any
 * other number is refused, so the sandbox never takes a real card.
 */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string }
export type CardOutcome = { ok: true } | { ok: false; code: string; message: string }

const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': {
    ok: false,
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    ok: false,
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
}

export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function judgeCard(card: CardInput, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' }
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return {
      ok: false,
      code: 'invalid_expiry_month',
      message: "Your card's expiration month is invalid.",
    }
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear
  const thisYear = now.getUTCFullYear()
  if (year < thisYear || (year === thisYear && card.expMonth < now.getUTCMonth() + 1)) {
    return {
      ok: false,
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is in the past.",
    }
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." }
  }
  return (
    TEST_CARDS[digits] ?? {
      ok: false,
      code: 'card_declined',
      message:
        'Your card was declined. This shop is in test mode: use a Stripe test card such as 4242 4242 4242 4242.',
    }
  )
}
