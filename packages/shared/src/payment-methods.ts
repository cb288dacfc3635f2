import { z } from 'zod'

import { isCalendarDate } from './shop-calendar.js'

/**
 * How a buyer can pay, in the order the payment page offers them: SSLCommerz (cards,
 * bKash, Nagad, Rocket, internet banking on its hosted page), bank transfer against a proforma
 * invoice, and the card form (Stripe or the sandbox).
 */
export const PAYMENT_METHODS = ['sslcommerz', 'bank-transfer', 'card'] as const
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS)
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/** Where an order's money stands; `paid` and `transactionId` keep the seed's meaning beside it. */
export const PAYMENT_STATES = [
  'unpaid',
  'awaiting-transfer',
  'under-review',
  'paid',
  'refund-due',
  'refunded',
] as const
export const PaymentStateSchema = z.enum(PAYMENT_STATES)
export type PaymentState = z.infer<typeof PaymentStateSchema>

/** `GET /api/payment-methods`: the configured methods, in the order above. */
export const PaymentMethodOptionSchema = z.object({
  id: PaymentMethodSchema,
  label: z.string(),
  /** Why this buyer may not use it (bank transfer before the e-mail is verified); absent when they may. */
  unavailable: z.string().optional(),
})
export const PaymentMethodsResponseSchema = z.array(PaymentMethodOptionSchema)
export type PaymentMethodOption = z.infer<typeof PaymentMethodOptionSchema>

/**
 * A gateway's transaction id for one payment attempt (SSLCommerz `tran_id`): at most 30
 * characters, letters, digits and dashes; a retried attempt gets a new one.
 */
export const TRAN_ID_MAX = 30
export const TranIdSchema = z
  .string()
  .min(1)
  .max(TRAN_ID_MAX)
  .regex(/^[A-Za-z0-9-]+$/)

/** The methods started through `POST /api/purchase/{id}/payment`; cards keep create-payment-intent. */
export const STARTABLE_METHODS = ['sslcommerz', 'bank-transfer'] as const
export const StartPaymentBodySchema = z.object({
  method: z.enum(STARTABLE_METHODS, {
    error: 'method must be "sslcommerz" or "bank-transfer" (cards use /api/create-payment-intent)',
  }),
})
export type StartPaymentBody = z.infer<typeof StartPaymentBodySchema>
/** SSLCommerz: the gateway's page to send the buyer to; bank transfer: the proforma to pay against. */
export const StartPaymentResponseSchema = z.union([
  z.object({ redirectUrl: z.string() }),
  z.object({ reference: z.string(), proformaUrl: z.string() }),
])
export type StartPaymentResponse = z.infer<typeof StartPaymentResponseSchema>

/** A pasted bank statement line: a few lines of a statement at most. */
export const STATEMENT_LINE_MAX = 1000

/** An admin records a bank transfer as received. */
export const MarkReceivedBodySchema = z.object({
  reference: z
    .string({ error: 'reference is required' })
    .trim()
    .min(1, 'reference is required')
    .max(64, 'reference is at most 64 characters'),
  /** In currency units, as everywhere in the API; it must equal what is due. */
  amount: z.number({ error: 'amount must be a number' }).positive('amount must be positive'),
  receivedOn: z
    .string({ error: 'receivedOn is required (YYYY-MM-DD)' })
    .refine(isCalendarDate, 'receivedOn must be a date (YYYY-MM-DD)'),
  /**
   * The bank statement's line, pasted as it is: searched for a payment reference, and refused
   * when it names another order's.
   */
  statementLine: z
    .string({ error: 'statementLine must be text' })
    .trim()
    .max(STATEMENT_LINE_MAX, `statementLine is at most ${STATEMENT_LINE_MAX} characters`)
    .optional(),
})
export type MarkReceivedBody = z.infer<typeof MarkReceivedBodySchema>

/** An admin decides a payment SSLCommerz flagged as risky. */
export const ReviewBodySchema = z.object({
  decision: z.enum(['accept', 'refund'], { error: 'decision must be "accept" or "refund"' }),
})
export type ReviewBody = z.infer<typeof ReviewBodySchema>

/** An admin cancels an order that has not shipped; paid money goes back the way it came. */
export const AdminCancelBodySchema = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(500, 'reason is at most 500 characters'),
})
export type AdminCancelBody = z.infer<typeof AdminCancelBodySchema>

/** An admin closes a refund due by hand with the outgoing transfer's reference. */
export const RefundSentBodySchema = z.object({
  reference: z
    .string({ error: 'reference is required' })
    .trim()
    .min(1, 'reference is required')
    .max(64, 'reference is at most 64 characters'),
})
export type RefundSentBody = z.infer<typeof RefundSentBodySchema>

/**
 * Where the gateway's return sends the buyer: My Orders, with what happened (`pending`: the
 * payment could not be confirmed with the gateway yet; its notification still can).
 */
export const PAYMENT_OUTCOMES = [
  'received',
  'failed',
  'cancelled',
  'under-review',
  'pending',
  /** The order was paid already (another tab, another gateway): this payment goes back. */
  'not-needed',
] as const
export const PaymentOutcomeSchema = z.enum(PAYMENT_OUTCOMES)
export type PaymentOutcomeKind = (typeof PAYMENT_OUTCOMES)[number]
