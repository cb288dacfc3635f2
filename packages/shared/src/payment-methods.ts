import { z } from 'zod'

/**
 * How a buyer can pay (issue 27), in the order the payment page offers them: SSLCommerz (cards,
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
export const PaymentMethodOptionSchema = z.object({ id: PaymentMethodSchema, label: z.string() })
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
