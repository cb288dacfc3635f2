import { createHash, timingSafeEqual } from 'node:crypto'

import { TranIdSchema } from '@toolworks/shared'
import { z } from 'zod'

/**
 * SSLCommerz's v4 protocol as its integration kits document it ("SSLCommerz protocol"):
 * the forms and answers, the notification signature and the rule comparing a validated payment
 * with the order. Pure functions: no network, no configuration.
 */

/** The gateway's paths under its base URL (`SSLCOMMERZ_API_URL`). */
export const SSLCOMMERZ_PATHS = {
  session: '/gwprocess/v4/api.php',
  validation: '/validator/api/validationserverAPI.php',
  refund: '/validator/api/merchantTransIDvalidationAPI.php',
  /**
   * The "Transaction Query API by Transaction ID": the same script as the refund, asked with a
   * `tran_id` instead of a `bank_tran_id`; it answers every payment made under that tran_id.
   */
  transactionQuery: '/validator/api/merchantTransIDvalidationAPI.php',
} as const

/** Money goes to the gateway in units with two decimals, never as a float. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`)
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** A gateway amount (`"1234.5"`, `"1234.50"`, `"1234"`) in cents; undefined when it is none. */
export function parseAmount(text: string | undefined): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '')
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The gateway writes its numbers as strings or numbers; the shop reads strings. */
const text = z.union([z.string(), z.number()]).transform(String)
const amountText = z
  .string()
  .regex(/^\d{1,13}\.\d{2}$/, 'two decimals')
  .refine((a) => parseAmount(a) !== undefined)

/** `POST {base}/gwprocess/v4/api.php`, form-encoded: every field the issue lists. */
export const SessionFormSchema = z.object({
  store_id: z.string().min(1),
  store_passwd: z.string().min(1),
  total_amount: amountText,
  currency: z.string().regex(/^[A-Z]{3}$/),
  tran_id: TranIdSchema,
  success_url: z.url(),
  fail_url: z.url(),
  cancel_url: z.url(),
  ipn_url: z.url(),
  cus_name: z.string().min(1),
  cus_email: z.email(),
  cus_add1: z.string().min(1),
  cus_city: z.string().min(1),
  cus_country: z.string().min(1),
  cus_phone: z.string().min(1),
  shipping_method: z.literal('NO'),
  num_of_item: z.string().regex(/^[1-9]\d*$/),
  product_name: z.string().min(1),
  product_category: z.string().min(1),
  product_profile: z.literal('general'),
})
export type SessionForm = z.infer<typeof SessionFormSchema>

/** The session's answer: the hosted page to send the buyer to, or why not. */
export const SessionAnswerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('SUCCESS'),
    sessionkey: z.string().min(1),
    GatewayPageURL: z.url({ protocol: /^https?$/ }),
  }),
  z.object({ status: z.literal('FAILED'), failedreason: text.optional() }),
])
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>

/** The outcomes an IPN and the browser's return carry. */
export const NOTIFICATION_STATUSES = [
  'VALID',
  'FAILED',
  'CANCELLED',
  'UNATTEMPTED',
  'EXPIRED',
] as const

/**
 * The IPN's and the browser's return form (both form-encoded POSTs). Only the fields named in
 * `verify_key` are signed: read the others as untrusted (see `signedFields`).
 */
export const NotificationFormSchema = z.object({
  // Any signed status is read: one beyond NOTIFICATION_STATUSES is ignored, not refused.
  status: z.string().min(1),
  tran_id: TranIdSchema,
  val_id: z.string().optional(),
  amount: z.string().optional(),
  currency: z.string().optional(),
  store_amount: z.string().optional(),
  bank_tran_id: z.string().optional(),
  card_type: z.string().optional(),
  risk_level: z.string().optional(),
  verify_key: z.string().min(1),
  verify_sign: z.string().regex(/^[0-9a-fA-F]{32}$/),
})
export type NotificationForm = z.infer<typeof NotificationFormSchema>

/** The validation API's answer (`v=1&format=json`); an unknown val_id carries only its status. */
export const ValidationAnswerSchema = z.object({
  status: z.string(),
  tran_id: text.optional(),
  val_id: text.optional(),
  amount: text.optional(),
  currency_type: text.optional(),
  currency_amount: text.optional(),
  bank_tran_id: text.optional(),
  risk_level: text.optional(),
})
export type ValidationAnswer = z.infer<typeof ValidationAnswerSchema>

/**
 * The transaction query's answer: `APIConnect` DONE when the gateway could answer, and one
 * `element` per payment made under the tran_id (each with its val_id and status, read as a
 * validation answer); none when the buyer never paid.
 */
export const TransactionQueryAnswerSchema = z.object({
  APIConnect: z.string(),
  no_of_trans_found: text.optional(),
  element: z.array(ValidationAnswerSchema).optional(),
})
export type TransactionQueryAnswer = z.infer<typeof TransactionQueryAnswerSchema>

/** The refund API's answer; a refund happened only when `isRefundDone` says so. */
export const RefundAnswerSchema = z.object({
  APIConnect: z.string(),
  status: text.optional(),
  bank_tran_id: text.optional(),
  trans_id: text.optional(),
  refund_ref_id: text.optional(),
  errorReason: text.optional(),
})
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>

/**
 * The refund query's answer (the same API, asked with `refund_ref_id`): `refunded` once the
 * money went back, `processing` until then, `cancelled` when the bank refused it.
 */
export const RefundStatusAnswerSchema = z.object({
  APIConnect: z.string(),
  status: text.optional(),
  refund_ref_id: text.optional(),
  bank_tran_id: text.optional(),
  tran_id: text.optional(),
  errorReason: text.optional(),
})
export type RefundStatusAnswer = z.infer<typeof RefundStatusAnswerSchema>

/** Where a refund stands at the gateway, in the shop's words. */
export function refundStatusOf(answer: RefundStatusAnswer): 'refunded' | 'pending' | 'failed' {
  if (answer.APIConnect !== 'DONE') return 'pending'
  if (answer.status === 'refunded') return 'refunded'
  if (answer.status === 'cancelled') return 'failed'
  return 'pending'
}

export function isRefundDone(
  answer: RefundAnswer,
): answer is RefundAnswer & { refund_ref_id: string } {
  return answer.APIConnect === 'DONE' && answer.status === 'success' && !!answer.refund_ref_id
}

// SSLCommerz's signature is md5, and md5 of the password inside it: the protocol mandates both.
// It is not a choice of this shop, and the validation API (over TLS, with the store password)
// stays the authority on whether a payment happened.
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex')

/** The field names a notification's `verify_key` lists, without blanks or repeats. */
export function verifyKeyNames(verifyKey: string | undefined): string[] {
  return [
    ...new Set(
      (verifyKey ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ]
}

/**
 * `verify_sign` for the listed fields: `store_passwd=md5(password)` added, the keys sorted, the
 * pairs joined as `key=value&key=value…`, then md5. A listed field the form does not carry is
 * left out of the string, as SSLCommerz's own kits build it: the gateway lists fields it may
 * omit, and refusing those would refuse genuine payments. Nothing is believed on the signature
 * alone; the validation API stays the authority.
 */
export function signFields(
  fields: Record<string, string | undefined>,
  keys: readonly string[],
  storePassword: string,
): string {
  const pairs = new Map<string, string>()
  for (const key of keys) {
    const value = fields[key]
    if (value !== undefined) pairs.set(key, value)
  }
  pairs.set('store_passwd', md5(storePassword))
  const sorted = [...pairs.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return md5(sorted.map((key) => `${key}=${pairs.get(key) ?? ''}`).join('&'))
}

/** Whether a notification's `verify_sign` checks out for the fields its `verify_key` lists. */
export function verifySign(
  fields: Record<string, string | undefined>,
  storePassword: string,
): boolean {
  const keys = verifyKeyNames(fields.verify_key)
  const given = fields.verify_sign?.toLowerCase() ?? ''
  if (keys.length === 0 || !/^[0-9a-f]{32}$/.test(given)) return false
  const expected = signFields(fields, keys, storePassword)
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given))
}

/** Signs a notification's fields as the gateway does (the stand-in and tests use it). */
export function signNotification(
  fields: Record<string, string>,
  storePassword: string,
): Record<string, string> {
  const keys = Object.keys(fields).filter((k) => k !== 'verify_key' && k !== 'verify_sign')
  const verify_sign = signFields(fields, keys, storePassword)
  return { ...fields, verify_key: keys.join(','), verify_sign }
}

/** A validation answer that says the payment is there: VALID the first time, VALIDATED after. */
export const isValidated = (answer: ValidationAnswer) =>
  answer.status === 'VALID' || answer.status === 'VALIDATED'

/** One way a validated payment differs from the order it is meant to pay. */
export type PaymentMismatch = {
  field: 'status' | 'tran_id' | 'amount' | 'currency'
  expected: string
  actual: string
}

/**
 * How a validated payment differs from the order ("Rules the server keeps"); empty
 * when it pays it. The status must be VALID or VALIDATED and the tran_id the attempt's. For BDT
 * the `amount` is compared; for another currency `currency_amount` and `currency_type` (the
 * gateway converts it, so `amount` is then its taka).
 */
export function paymentMismatches(
  answer: ValidationAnswer,
  expected: { tranId: string; amountCents: number; currency: string },
): PaymentMismatch[] {
  const differences: PaymentMismatch[] = []
  const currency = expected.currency.toUpperCase()
  if (!isValidated(answer))
    differences.push({ field: 'status', expected: 'VALID or VALIDATED', actual: answer.status })
  if (answer.tran_id !== expected.tranId)
    differences.push({ field: 'tran_id', expected: expected.tranId, actual: answer.tran_id ?? '' })
  const paid = currency === 'BDT' ? answer.amount : answer.currency_amount
  if (parseAmount(paid) !== expected.amountCents)
    differences.push({
      field: 'amount',
      expected: formatAmount(expected.amountCents),
      actual: paid ?? '',
    })
  const paidCurrency = answer.currency_type?.toUpperCase()
  // A BDT answer may leave out currency_type (its amount is taka); when it names one, it must
  // be BDT. Any other currency must be named.
  if (
    currency === 'BDT'
      ? paidCurrency !== undefined && paidCurrency !== 'BDT'
      : paidCurrency !== currency
  )
    differences.push({ field: 'currency', expected: currency, actual: answer.currency_type ?? '' })
  return differences
}
