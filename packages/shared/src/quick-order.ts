import { z } from 'zod'

import { CartSchema } from './cart.js'
import { ORDER_QUANTITY_MAX } from './constants.js'
import { ERROR_CODES, type ErrorCode } from './error-codes.js'
import { IdParamsSchema } from './ids.js'
import { OrderCurrencySchema } from './tax-schemas.js'
import { quickOrderMessages as qm } from './messages-quick-order.js'

/**
 * Quick order: a buyer pastes lines of `PART-NUMBER quantity`, or sends them as a
 * list, and every line is checked at once; all are added to the cart, or none.
 */

/** At most this many lines in one quick order. */
export const QUICK_ORDER_LINES_MAX = 200
/** 200 lines of a 32-character part number and a quantity, with room for spaces. */
export const QUICK_ORDER_TEXT_MAX = 20_000

export const QUICK_ORDER_REASONS = [
  'unknown-part',
  'unreadable',
  'bad-quantity',
  'below-minimum',
  'pack-multiple',
  'out-of-stock',
] as const
export type QuickOrderReason = (typeof QUICK_ORDER_REASONS)[number]

/** One line as the buyer meant it; `line` counts from 1 (the text's own line number). */
export type QuickOrderLine = { line: number; partNumber: string; quantity: number }

/** A line that cannot be added, with why and how to fix it. */
export const QuickOrderRefusalSchema = z.object({
  line: z.number().int(),
  partNumber: z.string(),
  kind: z.enum(QUICK_ORDER_REASONS),
  reason: z.string(),
  /** The closest existing part number, or the quantity to change to; null when there is none. */
  suggestion: z.union([z.string(), z.number()]).nullable(),
})
export type QuickOrderRefusal = z.infer<typeof QuickOrderRefusalSchema>

const QuickOrderListLineSchema = z.object({
  partNumber: z.string().trim().min(1, qm.reasons.unreadable).max(100),
  quantity: z.number({ error: qm.reasons.badQuantity }),
})

/** `POST /api/cart/quick`: `{ text }` or `{ lines: [{ partNumber, quantity }] }`. */
export const QuickOrderBodySchema = z
  .object({
    text: z
      .string()
      .max(QUICK_ORDER_TEXT_MAX, qm.textTooLong(QUICK_ORDER_TEXT_MAX))
      .refine((t) => t.trim() !== '', qm.empty)
      .optional(),
    lines: z
      .array(QuickOrderListLineSchema)
      .min(1, qm.empty)
      .max(QUICK_ORDER_LINES_MAX, qm.tooManyLines(QUICK_ORDER_LINES_MAX))
      .optional(),
  })
  .refine((b) => (b.text === undefined) !== (b.lines === undefined), { message: qm.empty })
export type QuickOrderBody = z.infer<typeof QuickOrderBodySchema>

/** The 422 answer: `error.lines` says what is wrong with each bad line. */
export const QuickOrderRefusedSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    lines: z.array(QuickOrderRefusalSchema),
  }),
})
export type QuickOrderRefused = z.infer<typeof QuickOrderRefusedSchema>

const SEPARATORS = /[\s,;]+/
const WHOLE = /^\d+$/

/**
 * Reads pasted text: one part per line, the part number then the quantity. Blank lines are
 * skipped but counted, so a refusal's line is the one the buyer sees in their text. A line that
 * cannot be read is a refusal; the rest are checked against the catalogue by the server.
 */
export function parseQuickOrderText(text: string): {
  lines: QuickOrderLine[]
  refusals: QuickOrderRefusal[]
} {
  const lines: QuickOrderLine[] = []
  const refusals: QuickOrderRefusal[] = []
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const tokens = raw.split(SEPARATORS).filter((t) => t !== '')
    if (tokens.length === 0) return
    const line = i + 1
    const [partNumber = '', quantity] = tokens
    if (tokens.length !== 2 || quantity === undefined) {
      refusals.push({
        line,
        partNumber,
        kind: 'unreadable',
        reason: qm.reasons.unreadable,
        suggestion: null,
      })
      return
    }
    lines.push({ line, partNumber, quantity: WHOLE.test(quantity) ? Number(quantity) : Number.NaN })
  })
  return { lines, refusals }
}

/** A quantity that is a whole number from 1 to the order maximum. */
export const isOrderableQuantity = (q: number): boolean =>
  Number.isInteger(q) && q >= 1 && q <= ORDER_QUANTITY_MAX

/** The smallest quantity at or above `quantity` that meets the minimum and the pack size. */
export function roundUpQuantity(
  quantity: number,
  { minimum, packSize }: { minimum: number; packSize: number },
): number {
  const wanted = Math.max(quantity, minimum)
  return Math.ceil(wanted / packSize) * packSize
}

/**
 * The most that can be had from stock (whole packs, at least the minimum); null when even the
 * minimum is beyond it.
 */
export function mostFromStock(tool: { minimum: number; packSize: number; stock: number }) {
  const most = Math.floor(Math.max(0, tool.stock) / tool.packSize) * tool.packSize
  return most >= tool.minimum && most > 0 ? most : null
}

/** A unit price that moved since the order: `was` as bought, `now` today (currency units). */
export const PriceChangeSchema = z.object({
  tool: z.string(),
  name: z.string(),
  was: z.number(),
  now: z.number(),
})
export type PriceChange = z.infer<typeof PriceChangeSchema>

/** `POST /api/purchase/{id}/reorder`: the cart with the order's stock lines in it. */
export const ReorderResponseSchema = z.object({
  cart: CartSchema,
  /** The order's currency: `was` and `now` are in it. */
  currency: OrderCurrencySchema,
  changed: z.array(PriceChangeSchema),
})
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>

export const quickOrderContract = {
  quick: {
    method: 'POST',
    path: '/api/cart/quick',
    body: QuickOrderBodySchema,
    response: CartSchema,
  },
  reorder: {
    method: 'POST',
    path: '/api/purchase/:id/reorder',
    params: IdParamsSchema,
    response: ReorderResponseSchema,
  },
} as const
