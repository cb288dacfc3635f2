import { z } from 'zod'

import { ORDER_CURRENCIES } from './tax-pricing.js'
import { PaymentMethodSchema } from './payment-methods.js'

/**
 * Every amount received or claimed for an order is a payment row of its own, and every refund a
 * refund row (as Medusa's and Saleor's payment records are): the order's `paid`,
 * `transactionId` and `paymentState` summarise them, kept in the same transaction.
 *
 * - `under-review`: the gateway validated it but flagged it; an admin decides.
 * - `received`: the money is the shop's.
 * - `refunded`: it went back in full (its refund row says how).
 */
export const PAYMENT_RECORD_STATES = ['under-review', 'received', 'refunded'] as const
export const PaymentRecordStateSchema = z.enum(PAYMENT_RECORD_STATES)
export type PaymentRecordState = z.infer<typeof PaymentRecordStateSchema>

/**
 * - `requested`: written in the transaction that decided it, before the provider is called; the
 *   call is made only from this state, so a replayed notification or form calls nothing.
 * - `done`: the provider refunded it (or the transfer back was sent and its reference noted).
 * - `failed`: the provider refused; an admin sees it and may try again.
 * - `due`: money that goes back by hand (a bank transfer): an admin closes it with the reference.
 */
export const REFUND_STATES = ['requested', 'done', 'failed', 'due'] as const
export const RefundStateSchema = z.enum(REFUND_STATES)
export type RefundState = z.infer<typeof RefundStateSchema>

/**
 * Why money goes back. A payment is refunded at most once per reason (a unique index), so a
 * replayed form or notification finds the row instead of refunding again.
 */
export const REFUND_REASONS = [
  /** A second payment for an order already paid (two tabs, a double click, two gateways). */
  'duplicate',
  /** An admin cancelled a paid order, or refunded a payment under review. */
  'admin-cancel',
  /** The money arrived after a person (buyer or admin) cancelled the order. */
  'cancelled',
  /** The money arrived after the hold expired and the stock was gone. */
  'out-of-stock',
  /** The money arrived after the first-order discount went to a later order. */
  'discount-used',
  /** The money arrived after the custom part's quote could no longer be ordered. */
  'quote-unavailable',
] as const
export const RefundReasonSchema = z.enum(REFUND_REASONS)
export type RefundRecordReason = z.infer<typeof RefundReasonSchema>

/** `GET /api/purchase/{id}/payments`: amounts in currency units, as everywhere in the API. */
export const PaymentRecordSchema = z.object({
  id: z.string(),
  method: PaymentMethodSchema,
  amount: z.number(),
  currency: z.enum(ORDER_CURRENCIES),
  state: PaymentRecordStateSchema,
  /** The provider's id for it: the card intent, SSLCommerz's bank transaction, the transfer's reference. */
  providerRef: z.string().nullable(),
  at: z.string(),
})
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>

export const RefundRecordSchema = z.object({
  id: z.string(),
  /** The payment it returns (its id in `payments`). */
  payment: z.string(),
  amount: z.number(),
  currency: z.enum(ORDER_CURRENCIES),
  state: RefundStateSchema,
  reason: RefundReasonSchema,
  at: z.string(),
})
export type RefundRecord = z.infer<typeof RefundRecordSchema>

export const OrderPaymentsResponseSchema = z.object({
  payments: z.array(PaymentRecordSchema),
  refunds: z.array(RefundRecordSchema),
})
export type OrderPaymentsResponse = z.infer<typeof OrderPaymentsResponseSchema>

/**
 * The id a gateway's refund call carries (SSLCommerz `refund_trans_id`, Stripe's idempotency
 * key): derived from the refund row alone, so every retry of one refund names the same refund
 * and a gateway that saw it already refuses to pay it twice. 30 characters at most, as a tran_id.
 */
export function refundTransId(refundId: string): string {
  return `RF${refundId.replace(/-/g, '').slice(0, 28)}`
}
