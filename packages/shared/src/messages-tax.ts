/**
 * The words of taka, VAT and the Mushak-6.3 (issue 28), exactly as the issue spells them: the
 * rest of the shop's words are in messages.ts.
 */

/** The admin page Exchange Rate (`/dashboard/exchange-rate`) and its API. */
export const exchangeRateWords = {
  title: 'Exchange Rate',
  currencyOnly: 'currency must be "BDT": the rate is taka per US dollar',
  perUsdNumber: 'perUsd must be a number of taka per US dollar',
  perUsdRange: 'perUsd must be more than 0 and at most 10,000 taka per US dollar',
  perUsdDecimals: 'perUsd has at most 4 decimals, as Bangladesh Bank publishes it',
  dateFormat: 'effectiveFrom must be a date (YYYY-MM-DD)',
  noneYet: 'No exchange rate is set yet, so prices are shown in US dollars only.',
} as const
