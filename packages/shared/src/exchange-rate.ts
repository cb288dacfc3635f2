import { z } from 'zod'

import { exchangeRateWords as w } from './messages-tax.js'
import { isCalendarDate } from './shop-calendar.js'

/**
 * The taka rate (issue 28): taka per US dollar as Bangladesh Bank publishes it, and the shop
 * date it applies from. Every change is kept; the one in force is the latest whose date has
 * come.
 */
export const RATE_DECIMALS_MAX = 4

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
    .positive(w.perUsdRange)
    .max(10_000, w.perUsdRange)
    .refine((n) => Math.round(n * 10 ** RATE_DECIMALS_MAX) === n * 10 ** RATE_DECIMALS_MAX, {
      error: w.perUsdDecimals,
    }),
  effectiveFrom: z.string({ error: w.dateFormat }).refine(isCalendarDate, w.dateFormat),
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
