import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo } from 'react'

import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE_SECONDS,
  currencyFromCookies,
  formatMinor,
  formatMoney,
  inCurrency,
  queryKeys,
  toCents,
  type ExchangeRate,
  type OrderCurrency,
} from '@toolworks/shared'

import { api, lazyEndpoint } from './api-client'
import { ApiError } from './api-error'
import { useSession } from './auth'

/**
 * The header's currency switch: USD or BDT (৳). The choice lives in a cookie, so the
 * server renders a page in it at once (plugins/pages.ts seeds both queries below from the
 * request), and for a signed-in buyer in the profile too. Prices stay dollars in the catalogue;
 * they are shown in taka by the shared inCurrency, the rule the server charges by.
 */

// Every page's header asks for the rate: its contracts load on the first call, so zod stays
// out of the first load.
const contracts = () => import('./first-screen-contracts')
const rateEndpoint = lazyEndpoint(() => contracts().then((m) => m.exchangeRateContract.current))
const setCurrencyEndpoint = lazyEndpoint(() =>
  contracts().then((m) => m.accountsContract.setCurrency),
)

/** GET /api/exchange-rate: the rate in force, or null while none is set (its 404). */
export const exchangeRateQuery = () =>
  queryOptions({
    queryKey: queryKeys.exchangeRate,
    queryFn: async ({ signal }): Promise<ExchangeRate | null> => {
      try {
        return await api.call(rateEndpoint, { signal })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: 5 * 60_000,
  })

/** What the cookie chose: seeded by the server on rendered pages, read here on the others. */
const choiceQuery = () =>
  queryOptions({
    queryKey: queryKeys.currencyChoice,
    queryFn: (): OrderCurrency | null =>
      typeof document === 'undefined' ? null : (currencyFromCookies(document.cookie) ?? null),
    staleTime: Infinity,
  })

function writeCookie(currency: OrderCurrency) {
  document.cookie = `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
}

export type CurrencyChoice = {
  /** The currency prices show in: BDT only while a rate is set. */
  currency: OrderCurrency
  rate: ExchangeRate | null
  /** Whether taka can be chosen (a rate is set). */
  bdtOffered: boolean
  choose: (currency: OrderCurrency) => void
}

export function useCurrency(): CurrencyChoice {
  const queryClient = useQueryClient()
  const session = useSession()
  const { data: rate = null } = useQuery(exchangeRateQuery())
  const { data: cookie = null } = useQuery(choiceQuery())
  const chosen = cookie ?? 'USD'
  // A sign-in may have set the cookie to the buyer's own currency (the server's sign-in hook,
  // modules/accounts/auth.ts): read it again whenever someone new is signed in.
  const userId = session.user?.id
  useEffect(() => {
    if (userId) void queryClient.invalidateQueries({ queryKey: queryKeys.currencyChoice })
  }, [queryClient, userId])
  const choose = useCallback(
    (currency: OrderCurrency) => {
      writeCookie(currency)
      queryClient.setQueryData(queryKeys.currencyChoice, currency)
      // Kept in the profile too; a failure here loses nothing (the cookie has it).
      if (session.status === 'signed-in')
        void api.call(setCurrencyEndpoint, { body: { currency } }).catch(() => undefined)
    },
    [queryClient, session.status],
  )
  return {
    currency: chosen === 'BDT' && rate ? 'BDT' : 'USD',
    rate,
    bdtOffered: rate !== null,
    choose,
  }
}

export type Money = {
  currency: OrderCurrency
  rate: ExchangeRate | null
  /** A catalogue price (dollars, VAT included) in the chosen currency. */
  price: (usd: number) => string
  /** The same price in the other currency, to stand beside it; null without a rate. */
  other: (usd: number) => string | null
  /** `quantity` units at a catalogue price, as a domestic order totals them (whole taka a unit). */
  line: (usd: number, quantity: number) => string
}

const inTaka = (usd: number, rate: ExchangeRate) =>
  formatMinor(inCurrency(toCents(usd), 'BDT', rate), 'BDT')

/** Prices in the buyer's currency: one formatter for every catalogue price on every page. */
export function useMoney(): Money {
  const { currency, rate } = useCurrency()
  return useMemo(
    () => ({
      currency,
      rate,
      price: (usd) => (currency === 'BDT' && rate ? inTaka(usd, rate) : formatMoney(usd)),
      other: (usd) => {
        if (!rate) return null
        return currency === 'BDT' ? formatMoney(usd) : inTaka(usd, rate)
      },
      line: (usd, quantity) => {
        const shown = currency === 'BDT' && rate ? 'BDT' : 'USD'
        return formatMinor(inCurrency(toCents(usd), shown, rate) * quantity, shown)
      },
    }),
    [currency, rate],
  )
}
