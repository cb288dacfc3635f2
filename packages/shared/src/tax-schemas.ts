import { z } from 'zod'

import { taxWords } from './messages-tax.js'
import { ORDER_CURRENCIES } from './tax-pricing.js'

// The API's taka, VAT and Mushak schemas, apart from the pricing (tax-pricing.ts) so the pages that only
// show prices load no zod (the first-load budget).

/**
 * A BIN as the API takes it (checkout, profile): answered as its 13 digits; empty is none
 * (null), which removes a profile's BIN.
 */
export const BinSchema = z.string({ error: taxWords.binFormat }).transform((text, ctx) => {
  if (text.trim() === '') return null
  const parsed = parseBin(text)
  if ('bin' in parsed) return parsed.bin
  ctx.addIssue({ code: 'custom', message: parsed.problem })
  return z.NEVER
})

export const OrderCurrencySchema = z.enum(ORDER_CURRENCIES, { error: taxWords.currencyChoice })

/**
 * A Bangladeshi Business Identification Number: 13 digits, written with or without
 * the dash after the ninth (`000123456-0101`). Answers the 13 digits, or why it is not one.
 */
export function parseBin(text: string): { bin: string } | { problem: string } {
  const trimmed = text.trim()
  if (!/^\d{9}-?\d{4}$/.test(trimmed)) return { problem: taxWords.binFormat }
  return { bin: trimmed.replace('-', '') }
}
