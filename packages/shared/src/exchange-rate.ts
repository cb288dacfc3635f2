import { z } from 'zod'

import { exchangeRateWords as w } from './messages-tax.js'
import { isCalendarDate } from './shop-calendar.js'

/**
 * The taka rate: taka per US dollar as Bangladesh Bank publishes it, and the shop
 * date it applies from. Every change is kept; the one in force is the latest whose date has
 * come.
 */
export const RATE_DECIMALS_MAX = 4

/**
 * The taka has traded between about 70 and 125 per dollar for decades: a rate outside 50–500
 * is a typing slip (a dropped or extra digit), never a market move.
 */
export const RATE_PER_USD_MIN = 50
export const RATE_PER_USD_MAX = 500

/** A change of more than this percent from the rate in force must be confirmed (`confirm`). */
export const RATE_CONFIRM_CHANGE_PERCENT = 10

const toUnits = (perUsd: number) => Math.round(perUsd * 10 ** RATE_DECIMALS_MAX)

/** How far a new rate is from the one in force, in percent to one decimal: 122.5 → 137.6 is 12.3. */
export function rateChangePercent(currentPerUsd: number, nextPerUsd: number): number {
  const current = toUnits(currentPerUsd)
  return Math.round((Math.abs(toUnits(nextPerUsd) - current) * 1000) / current) / 10
}

/**
 * Whether setting `nextPerUsd` over `currentPerUsd` needs `confirm: true`: more than
 * RATE_CONFIRM_CHANGE_PERCENT, compared in whole ten-thousandths so 10% exactly passes.
 */
export function rateChangeNeedsConfirm(currentPerUsd: number, nextPerUsd: number): boolean {
  const current = toUnits(currentPerUsd)
  return Math.abs(toUnits(nextPerUsd) - current) * 100 > current * RATE_CONFIRM_CHANGE_PERCENT
}

export const ExchangeRateSchema = z.object({
  currency: z.literal('BDT'),
  perUsd: z.number(),
  effectiveFrom: z.string(),
})
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>

export const ExchangeRateBodySchema = z.object({
  currency: z.literal('BDT', { error: w.currencyOnly }),
  perUsd: z
    .number({ error: w.perUsdNumber })
    .min(RATE_PER_USD_MIN, w.perUsdRange)
    .max(RATE_PER_USD_MAX, w.perUsdRange)
    .refine((n) => Math.round(n * 10 ** RATE_DECIMALS_MAX) === n * 10 ** RATE_DECIMALS_MAX, {
      error: w.perUsdDecimals,
    }),
  effectiveFrom: z.string({ error: w.dateFormat }).refine(isCalendarDate, w.dateFormat),
  /** The admin has seen how far the rate moves and saves it anyway. */
  confirm: z.boolean({ error: w.confirmBoolean }).optional(),
})
export type ExchangeRateBody = z.infer<typeof ExchangeRateBodySchema>

/** One change, as the history lists it: who set it and when. */
export const ExchangeRateChangeSchema = ExchangeRateSchema.extend({
  setBy: z.string(),
  setAt: z.string(),
})
export type ExchangeRateChange = z.infer<typeof ExchangeRateChangeSchema>
export const ExchangeRateHistorySchema = z.array(ExchangeRateChangeSchema)

export const exchangeRateContract = {
  current: { method: 'GET', path: '/api/exchange-rate', response: ExchangeRateSchema },
  set: {
    method: 'PUT',
    path: '/api/exchange-rate',
    body: ExchangeRateBodySchema,
    response: ExchangeRateSchema,
  },
  history: {
    method: 'GET',
    path: '/api/exchange-rate/history',
    response: ExchangeRateHistorySchema,
  },
} as const
