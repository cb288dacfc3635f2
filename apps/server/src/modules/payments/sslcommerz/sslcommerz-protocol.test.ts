import { createHash } from 'node:crypto'

import { describe, expect, test } from 'vitest'

import {
  formatAmount,
  parseAmount,
  paymentMismatches,
  signNotification,
  verifySign,
  type ValidationAnswer,
} from './sslcommerz-protocol.js'

const password = 'store-secret@ssl'
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

const ipn = () =>
  signNotification(
    {
      status: 'VALID',
      tran_id: 'TW0123abcd-0011223344556677',
      val_id: 'VAL123',
      amount: '59.97',
      currency: 'BDT',
      bank_tran_id: 'BTX1',
      risk_level: '0',
    },
    password,
  )

describe('verify_sign', () => {
  test('is md5 of the listed fields and md5(store password), keys sorted, as key=value&…', () => {
    const signed = ipn()
    const expected = md5(
      `amount=59.97&bank_tran_id=BTX1&currency=BDT&risk_level=0&status=VALID&` +
        `store_passwd=${md5(password)}&tran_id=TW0123abcd-0011223344556677&val_id=VAL123`,
    )
    expect(signed.verify_sign).toBe(expected)
    expect(verifySign(signed, password)).toBe(true)
  })

  test('a tampered signed field is refused', () => {
    expect(verifySign({ ...ipn(), amount: '0.01' }, password)).toBe(false)
  })

  test('another store password is refused', () => {
    expect(verifySign(ipn(), 'another password')).toBe(false)
  })

  test('a missing verify_key, verify_sign or listed field is refused', () => {
    const { verify_key: _key, ...noKey } = ipn()
    const { verify_sign: _sign, ...noSign } = ipn()
    const { amount: _amount, ...noAmount } = ipn()
    expect(verifySign(noKey, password)).toBe(false)
    expect(verifySign(noSign, password)).toBe(false)
    expect(verifySign(noAmount, password)).toBe(false)
    expect(verifySign({ ...ipn(), verify_key: '' }, password)).toBe(false)
  })

  test('a field outside verify_key may change without breaking the signature (so it is not read)', () => {
    expect(verifySign({ ...ipn(), card_type: 'anything' }, password)).toBe(true)
  })
})

describe('amounts', () => {
  test('go out with two decimals and come back as cents', () => {
    expect(formatAmount(5997)).toBe('59.97')
    expect(formatAmount(100)).toBe('1.00')
    expect(formatAmount(5)).toBe('0.05')
    expect(parseAmount('59.97')).toBe(5997)
    expect(parseAmount('59.9')).toBe(5990)
    expect(parseAmount('59')).toBe(5900)
    expect(parseAmount('59.971')).toBeUndefined()
    expect(parseAmount('-1.00')).toBeUndefined()
    expect(parseAmount(undefined)).toBeUndefined()
  })
})

describe('a validated payment against its order', () => {
  const usd: ValidationAnswer = {
    status: 'VALID',
    tran_id: 'TW1',
    val_id: 'V1',
    amount: '7196.40',
    currency_type: 'USD',
    currency_amount: '59.97',
    bank_tran_id: 'B1',
    risk_level: '0',
  }
  const bdt: ValidationAnswer = {
    ...usd,
    amount: '5997.00',
    currency_type: 'BDT',
    currency_amount: '5997.00',
  }

  test('pays it when status, tran_id, amount and currency agree (VALID or VALIDATED)', () => {
    expect(paymentMismatches(usd, { tranId: 'TW1', amountCents: 5997, currency: 'usd' })).toEqual(
      [],
    )
    expect(
      paymentMismatches(
        { ...usd, status: 'VALIDATED' },
        { tranId: 'TW1', amountCents: 5997, currency: 'usd' },
      ),
    ).toEqual([])
    expect(paymentMismatches(bdt, { tranId: 'TW1', amountCents: 599700, currency: 'BDT' })).toEqual(
      [],
    )
  })

  test('another currency compares currency_amount and currency_type, not the taka amount', () => {
    const order = { tranId: 'TW1', amountCents: 5997, currency: 'usd' }
    expect(paymentMismatches({ ...usd, currency_amount: '59.96' }, order)).toEqual([
      { field: 'amount', expected: '59.97', actual: '59.96' },
    ])
    expect(paymentMismatches({ ...usd, currency_type: 'EUR' }, order)).toEqual([
      { field: 'currency', expected: 'USD', actual: 'EUR' },
    ])
    expect(paymentMismatches({ ...usd, amount: '1.00' }, order)).toEqual([])
  })

  test('BDT compares amount, and a named currency_type must be BDT', () => {
    const order = { tranId: 'TW1', amountCents: 599700, currency: 'BDT' }
    expect(paymentMismatches({ ...bdt, amount: '5996.00' }, order)).toEqual([
      { field: 'amount', expected: '5997.00', actual: '5996.00' },
    ])
    expect(paymentMismatches({ ...bdt, currency_type: 'USD' }, order)).toEqual([
      { field: 'currency', expected: 'BDT', actual: 'USD' },
    ])
    const { currency_type: _type, ...noType } = bdt
    expect(paymentMismatches(noType, order)).toEqual([])
  })

  test('another attempt or an invalid transaction does not pay it', () => {
    const order = { tranId: 'TW2', amountCents: 5997, currency: 'usd' }
    expect(paymentMismatches(usd, order).map((m) => m.field)).toEqual(['tran_id'])
    expect(paymentMismatches({ status: 'INVALID_TRANSACTION' }, order).map((m) => m.field)).toEqual(
      ['status', 'tran_id', 'amount', 'currency'],
    )
  })
})
