import { bankTransferWords, paymentReference, shopDateIn, type Clock } from '@toolworks/shared'

import type { BankAccount } from '../../../config.js'
import { WebhookRefusedError, type PaymentProvider } from '../payment-provider.js'

const words = bankTransferWords

/** Its name in the registry and in `orders.payment_provider`. */
export const BANK_TRANSFER = 'bank-transfer'

export type BankTransferOptions = {
  account: BankAccount
  /** An order awaiting a transfer holds its stock this many days; the money is due by then. */
  holdDays: number
  /** The server's clock (AppOptions.clock): the due date counts from the shop's today. */
  clock: Clock
}

/**
 * The shop's bank details and the order's reference, one per line, as the payment page and
 * the proforma show them. A detail the shop left empty is left out; the account number never is.
 */
export function bankTransferLines(account: BankAccount, reference: string): string[] {
  const d = words.details
  const details: [string, string][] = [
    [d.bankName, account.bankName],
    [d.accountName, account.accountName],
    [d.accountNumber, account.accountNumber],
    [d.branch, account.branch],
    [d.routingNumber, account.routingNumber],
    [d.swift, account.swift],
    [d.reference, reference],
  ]
  return details
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => words.detail(label, value))
}

/**
 * Paying by hand against a proforma invoice. The provider keeps nothing: the
 * reference comes from the order id (packages/shared/src/payment-reference.ts), so the same
 * order always gets the same reference and starting again changes nothing; the money is seen
 * on the bank statement by a person, who marks the order received. So no notification comes,
 * and `retrieveIntent` knows no payment: nothing is ever marked paid through it.
 */
export function createBankTransferProvider({
  account,
  holdDays,
  clock,
}: BankTransferOptions): PaymentProvider {
  // A provider without an account to pay into would print a proforma no one can pay.
  if (account.accountNumber.trim() === '')
    throw new Error('bank transfer needs BANK_ACCOUNT_NUMBER: the shop has no account to pay into')
  return {
    name: BANK_TRANSFER,
    hasWebhook: false,

    startPayment({ orderId, amountCents, currency }) {
      const reference = paymentReference(orderId)
      return Promise.resolve({
        kind: 'instructions',
        paymentId: reference,
        reference,
        amountCents,
        currency,
        dueDate: shopDateIn(holdDays, clock()),
        lines: bankTransferLines(account, reference),
      })
    },

    retrieveIntent() {
      return Promise.resolve(undefined)
    },

    // Nothing to void: a transfer that still arrives for a cancelled order is refunded by hand.
    cancelIntent() {
      return Promise.resolve(true)
    },

    // A transfer cannot be pulled back: the refund is due, sent and recorded by a person.
    refund({ paymentIntentId }) {
      return Promise.resolve({
        kind: 'due',
        id: `due-${paymentIntentId}`,
        paymentId: paymentIntentId,
      })
    },

    verifyNotification() {
      throw new WebhookRefusedError('bank transfers send no notifications')
    },
  }
}
