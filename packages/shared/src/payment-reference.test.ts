import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { TranIdSchema } from './payment-methods.js'
import {
  findPaymentReference,
  PAYMENT_REFERENCE_LENGTH,
  paymentReference,
} from './payment-reference.js'

const ORDER = '3f0a4c9e-2b1d-4e5f-8a7b-6c5d4e3f2a1b'

describe('the payment reference', () => {
  test('is stable, 29 unambiguous characters, and a valid tran_id', () => {
    const reference = paymentReference(ORDER)
    expect(reference).toBe(paymentReference(ORDER.toUpperCase()))
    expect(reference).toHaveLength(PAYMENT_REFERENCE_LENGTH)
    expect(PAYMENT_REFERENCE_LENGTH).toBeLessThanOrEqual(30)
    expect(reference).toMatch(/^TW[0-9A-HJKMNP-TV-Z]{27}$/)
    expect(TranIdSchema.safeParse(reference).success).toBe(true)
  })

  test('differs for different orders and reads back to its order', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(findPaymentReference(paymentReference(a))?.orderId).toBe(a.toLowerCase())
        if (a.toLowerCase() !== b.toLowerCase())
          expect(paymentReference(a)).not.toBe(paymentReference(b))
      }),
    )
    // The ends of the range: every bit of the id is kept.
    const zero = '00000000-0000-0000-0000-000000000000'
    const ones = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
    expect(findPaymentReference(paymentReference(zero))?.orderId).toBe(zero)
    expect(findPaymentReference(paymentReference(ones))?.orderId).toBe(ones)
  })

  test('refuses what is not an order id', () => {
    expect(() => paymentReference('42')).toThrow(/not an order id/)
  })
})

describe('finding the reference on a bank statement line', () => {
  const reference = paymentReference(ORDER)
  const grouped = reference.match(/.{1,5}/g)?.join(' ') ?? ''
  const found = { reference, orderId: ORDER }

  test.for<[string, string]>([
    ['as printed', `BEFTN CR ${reference} ACME TRADING`],
    ['lower case', `inward remittance ref ${reference.toLowerCase()}`],
    ['in groups of five', `Ref: ${grouped}`],
    ['with dashes', `/REF/${reference.match(/.{1,4}/g)?.join('-') ?? ''}/`],
    ['glued to the words around it', `NPSB${reference}DHAKA`],
    ['O for 0 and I or L for 1', reference.replaceAll('0', 'O').replaceAll('1', 'I')],
  ])('%s', ([, line]) => {
    expect(findPaymentReference(line)).toEqual(found)
  })

  test('a line without a reference, or with a slip in it, finds none', () => {
    expect(findPaymentReference('SALARY NOVEMBER TWO THOUSAND')).toBeUndefined()
    expect(findPaymentReference('')).toBeUndefined()
    // One character changed, and two neighbours swapped: the check character catches both.
    const at = 10
    const other = reference[at] === 'A' ? 'B' : 'A'
    const changed = reference.slice(0, at) + other + reference.slice(at + 1)
    expect(findPaymentReference(changed)).toBeUndefined()
    const i = [...reference].findIndex((c, k) => k > 2 && c !== reference[k + 1])
    const swapped = reference.slice(0, i) + reference[i + 1] + reference[i] + reference.slice(i + 2)
    expect(findPaymentReference(swapped)).toBeUndefined()
  })

  test('another word starting with TW before it does not hide it', () => {
    expect(findPaymentReference(`TWO TRANSFERS ${reference}`)).toEqual(found)
  })
})
