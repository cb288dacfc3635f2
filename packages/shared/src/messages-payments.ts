import type { PaymentMethod, PaymentOutcomeKind, PaymentState } from './payment-methods.js'
import { messages } from './messages.js'
import type { PaymentRecordState, RefundRecordReason, RefundState } from './payment-records.js'

/**
 * The words of paying through SSLCommerz and by bank transfer, exactly as the issue
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

/** What the buyer is told on return from the gateway (My Orders' `?payment=` outcome). */
export const paymentOutcomeWords = {
  received: 'Payment received',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  'under-review': 'Payment under review',
  pending: 'Payment being confirmed: this page shows it as soon as SSLCommerz confirms it.',
  // One sentence in two places (the outcome and the server's refusal): its home is messages.ts,
  // which the first load carries anyway; this module stays out of it.
  'not-needed': messages.paymentRules.notNeeded,
} as const satisfies Record<PaymentOutcomeKind, string>

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

/** The server's refusals and notices for these methods, one sentence each. */
export const paymentMethodRules = {
  notOffered: 'This shop does not offer that payment method.',
  notAwaitingTransfer: 'Only an order awaiting a bank transfer can be marked received.',
  amountMustEqual: (due: string) =>
    `The amount received must equal what is due (${due}). Nothing was recorded.`,
  referenceUsed: 'That bank reference already paid another order.',
  notUnderReview: 'Only a payment under review can be accepted or refunded.',
  shippedStays: 'A shipped order cannot be cancelled.',
  alreadyCancelled: 'This order is already cancelled.',
  noRefundDue: 'This order has no refund due.',
  noProforma: 'A proforma invoice is only for an order awaiting a bank transfer.',
  tooManyStarts: 'Too many payment attempts in a minute. Please wait a minute and try again.',
  /** Bank transfer holds stock for days, so only an account with a proven address may use it. */
  transferNeedsVerified:
    'Bank transfer is for accounts with a verified e-mail address. Please verify your e-mail, or pay another way.',
  tooManyAwaitingTransfer: (max: number) =>
    `You already have ${max} orders awaiting a bank transfer. Please pay or cancel one of them before choosing bank transfer again.`,
  /** A pasted statement line that names another order's payment reference. */
  statementLineOtherOrder: (reference: string) =>
    `That statement line names the payment reference ${reference}, which belongs to another order. Nothing was recorded.`,
} as const

/** The buyer's e-mails about money going back. */
export const refundMailWords = {
  subject: (order: string) => `Your Toolworks order ${order}: refund`,
  refunded: (amount: string, method: string) =>
    `We have refunded ${amount} through ${method}. It may take a few days to show on your statement.`,
  due: (amount: string) =>
    `We will send ${amount} back to you by bank transfer and e-mail you its reference.`,
  sent: (amount: string, reference: string) =>
    `We have sent ${amount} back to you by bank transfer, reference ${reference}.`,
} as const

/** The payment page's choice of method; each method's own words are above. */
export const paymentChoiceWords = {
  legend: 'How would you like to pay?',
  methodsLoadFailed: 'The payment methods could not be loaded.',
  starting: 'Starting the payment…',
  reference: 'Payment reference',
  writeReference: 'Write this reference on your bank transfer.',
  proforma: 'Download the proforma invoice (PDF)',
  proformaFailed: 'The proforma invoice could not be downloaded.',
  underReview:
    'Your payment is under review. We will let you know by e-mail once it is accepted or refunded.',
  switchMethod: 'You can still pay another way below; the transfer is then not needed.',
} as const

/** Manage Orders' payment actions. */
export const paymentAdminWords = {
  noMethod: 'Not chosen',
  markReceived: 'Mark received',
  markReceivedTitle: (order: string) => `Mark the bank transfer for ${order} received`,
  bankReference: 'Bank reference',
  amountReceived: 'Amount received',
  statementLine: 'Bank statement line (optional)',
  statementLineHint:
    'Paste the line from the statement: it is checked for this order’s payment reference.',
  receivedOn: 'Date received',
  received: 'Transfer recorded; the order is paid.',
  acceptPayment: 'Accept payment',
  accepted: 'Payment accepted; the order is paid.',
  refund: 'Refund',
  refundConfirm: 'Refund this payment through SSLCommerz and cancel the order?',
  refunded: 'Payment refunded.',
  cancel: 'Cancel',
  cancelTitle: (order: string) => `Cancel the order for ${order}`,
  cancelReason: 'Reason',
  cancelPaidNote: 'This order is paid: the money goes back the way it came.',
  cancelUnpaidNote: 'The order’s stock goes back on sale.',
  cancelled: 'Order cancelled.',
  refundSent: 'Refund sent',
  refundSentTitle: (order: string) => `Record the refund sent for ${order}`,
  outgoingReference: 'Outgoing transfer reference',
  refundRecorded: 'Refund recorded.',
  close: 'Close',
  actionFor: (action: string, order: string) => `${action}: ${order}`,
} as const

/**
 * An order's payments and refunds as records, in My Orders and Manage Orders: the same words
 * for the buyer and the admin, so both read one account of where the money is.
 */
export const paymentRecordWords = {
  toggle: 'Payments and refunds',
  paymentsTitle: 'Payments',
  refundsTitle: 'Refunds',
  noPayments: 'No payment recorded yet.',
  noRefunds: 'No refunds.',
  loading: 'Loading payments…',
  loadFailed: 'The payments could not be loaded.',
  busy: 'The shop is busy and could not load the payments just now.',
  reference: 'Reference',
  states: {
    'under-review': 'Under review',
    received: 'Received',
    refunded: 'Refunded',
  } satisfies Record<PaymentRecordState, string>,
  refundStates: {
    requested: 'Being refunded',
    done: 'Refunded',
    failed: 'Refund failed, to be tried again',
    due: 'Due back by bank transfer',
  } satisfies Record<RefundState, string>,
  reasons: {
    duplicate: 'Paid twice',
    'admin-cancel': 'Cancelled by the shop',
    cancelled: 'Paid after the order was cancelled',
    'out-of-stock': 'Paid after the stock ran out',
    'discount-used': 'First-order discount already used',
    'quote-unavailable': 'Quote no longer available',
  } satisfies Record<RefundRecordReason, string>,
} as const
