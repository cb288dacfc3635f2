import type { PaymentMethod, PaymentState } from './payment-methods.js'

/**
 * The words of paying through SSLCommerz and by bank transfer (issue 27), exactly as the issue
 * spells them: the rest of the shop's words are in messages.ts. A module of its own so only the
 * payment screens and the server carry them.
 */

/** The words of each method: its label and what happens next, in one line. */
export const paymentMethodWords = {
  sslcommerz: {
    label: 'bKash, Nagad, cards and internet banking (SSLCommerz)',
    next: 'You go to SSLCommerz’s secure page to pay, then come back here.',
    button: 'Pay with SSLCommerz',
  },
  'bank-transfer': {
    label: 'Bank transfer',
    next: 'You get a proforma invoice with our bank details; we ship once the money arrives.',
    button: 'Pay by bank transfer',
  },
  card: {
    label: 'Card',
    next: 'Pay by card on this page.',
    button: 'Pay',
  },
} as const satisfies Record<PaymentMethod, { label: string; next: string; button: string }>

/** How My Orders and Manage Orders name each payment state. */
export const paymentStateWords = {
  unpaid: 'Unpaid',
  'awaiting-transfer': 'Awaiting transfer',
  'under-review': 'Payment under review',
  paid: 'Payment received',
  'refund-due': 'Refund due',
  refunded: 'Refunded',
} as const satisfies Record<PaymentState, string>

/** What the buyer is told on return from the gateway. */
export const paymentOutcomeWords = {
  received: 'Payment received',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  underReview: 'Payment under review',
} as const

/**
 * Paying by bank transfer: the details the provider answers (one per line, as the payment page
 * and the proforma show them) and the proforma invoice's words.
 */
export const bankTransferWords = {
  details: {
    bankName: 'Bank',
    accountName: 'Account name',
    accountNumber: 'Account number',
    branch: 'Branch',
    routingNumber: 'Routing number',
    swift: 'SWIFT code',
    reference: 'Payment reference',
  },
  /** One line of the details, as "Bank: Example Bank". */
  detail: (label: string, value: string) => `${label}: ${value}`,
  proforma: {
    title: 'PROFORMA INVOICE',
    date: 'Date',
    orderNumber: 'Order',
    dueDate: 'Due date',
    payTo: 'Pay by bank transfer to',
    amount: 'Amount',
    currency: 'Currency',
    writeReference: 'Write the payment reference on the transfer so we can match it to your order.',
    notInvoice:
      'This is not a tax invoice. The invoice follows when the money arrives; we ship once it has.',
    fileName: (reference: string) => `proforma-${reference}.pdf`,
  },
} as const
