import { findPaymentReference, paymentReference } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import type { BankAccount } from '../../../config.js'
import { WebhookRefusedError } from '../payment-provider.js'
import { createBankTransferProvider } from './bank-transfer-provider.js'

const account: BankAccount = {
  bankName: 'Example Bank PLC',
  accountName: 'Toolworks Ltd',
  accountNumber: '1234 5678 9012',
  branch: 'Gazipur',
  routingNumber: '123456789',
  swift: 'EXBDBDDH',
}
const ORDER = '3f0a4c9e-2b1d-4e5f-8a7b-6c5d4e3f2a1b'
const start = { orderId: ORDER, amountCents: 126_050, currency: 'USD' }
const payment = { ...start, idempotencyKey: 'k', customerEmail: 'buyer@example.com' }

const at = (iso: string) => () => new Date(iso)

describe('the bank transfer provider', () => {
  test('answers instructions: the reference, the amount, the due date and every bank detail', async () => {
    const provider = createBankTransferProvider({
      account,
      holdDays: 7,
      clock: at('2026-03-10T06:00:00Z'),
    })
    expect(provider.name).toBe('bank-transfer')
    expect(provider.hasWebhook).toBe(false)
    const reference = paymentReference(ORDER)
    expect(await provider.startPayment(payment)).toEqual({
      kind: 'instructions',
      paymentId: reference,
      reference,
      amountCents: 126_050,
      currency: 'USD',
      dueDate: '2026-03-17',
      lines: [
        'Bank: Example Bank PLC',
        'Account name: Toolworks Ltd',
        'Account number: 1234 5678 9012',
        'Branch: Gazipur',
        'Routing number: 123456789',
        'SWIFT code: EXBDBDDH',
        `Payment reference: ${reference}`,
      ],
    })
    expect(findPaymentReference(`CR ${reference}`)?.orderId).toBe(ORDER)
  })

  test('the same order gets the same reference every time; another order another', async () => {
    const provider = createBankTransferProvider({ account, holdDays: 7, clock: at('2026-03-10') })
    const first = await provider.startPayment(payment)
    const again = await provider.startPayment(payment)
    const other = await provider.startPayment({
      ...payment,
      orderId: '3f0a4c9e-2b1d-4e5f-8a7b-6c5d4e3f2a1c',
    })
    expect(again).toEqual(first)
    expect(other.paymentId).not.toBe(first.paymentId)
  })

  test.for([
    // 20:00 UTC on 28 January is already 29 January in Dhaka: seven days on is 5 February.
    ['2026-01-28T20:00:00Z', 7, '2026-02-05'],
    // One minute earlier it is still the 28th in Dhaka.
    ['2026-01-28T17:59:00Z', 7, '2026-02-04'],
    // Across February's end in a leap year, and across the year's end.
    ['2028-02-25T06:00:00Z', 5, '2028-03-01'],
    ['2026-12-30T19:00:00Z', 3, '2027-01-03'],
  ] as const)('at %s, %i days on is due %s (shop calendar)', async ([now, days, due]) => {
    const provider = createBankTransferProvider({ account, holdDays: days, clock: at(now) })
    const answer = await provider.startPayment(payment)
    expect(answer.kind === 'instructions' && answer.dueDate).toBe(due)
  })

  test('a detail the shop left empty is not printed', async () => {
    const provider = createBankTransferProvider({
      account: { ...account, branch: '', swift: ' ' },
      holdDays: 7,
      clock: at('2026-03-10'),
    })
    const answer = await provider.startPayment(payment)
    const lines = answer.kind === 'instructions' ? answer.lines : []
    expect(lines).toHaveLength(5)
    expect(lines.join('\n')).not.toMatch(/Branch|SWIFT/)
  })

  test('voids always, knows no payment, takes no notification, and says a refund is due', async () => {
    const provider = createBankTransferProvider({ account, holdDays: 7, clock: at('2026-03-10') })
    const reference = paymentReference(ORDER)
    expect(await provider.cancelIntent(reference)).toBe(true)
    expect(await provider.retrieveIntent(reference)).toBeUndefined()
    expect(() =>
      provider.verifyNotification({ rawBody: Buffer.from(''), headers: {}, contentType: '' }),
    ).toThrow(WebhookRefusedError)
    expect(await provider.refund({ paymentIntentId: reference, idempotencyKey: 'r' })).toEqual({
      kind: 'due',
      id: `due-${reference}`,
      paymentId: reference,
    })
  })

  test('a provider without an account number to pay into is not made', () => {
    expect(() =>
      createBankTransferProvider({
        account: { ...account, accountNumber: ' ' },
        holdDays: 7,
        clock: at('2026-03-10'),
      }),
    ).toThrow(/BANK_ACCOUNT_NUMBER/)
  })
})
