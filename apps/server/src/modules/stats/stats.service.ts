import {
  fromCents,
  OVERVIEW_LOW_STOCK_MAX,
  OVERVIEW_STATUSES,
  OVERVIEW_TOP_TOOLS,
  ORDER_CURRENCIES,
  PAYMENT_METHODS,
  SHOP_UTC_OFFSET_MINUTES,
  lastShopDays,
  type Overview,
  type OverviewPeriod,
} from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import type { PaymentRecords } from '../payments/payment-records.service.js'
import type { QuotesService } from '../quotes/quotes.service.js'
import {
  lowStock,
  ordersByStatus,
  revenueByDay,
  revenueByCurrency,
  revenueByMethod,
  topTools,
  type Period,
} from './stats.queries.js'

type Deps = {
  db: Db
  /** The quotes module's own count of requests waiting for a price. */
  quotes: Pick<QuotesService, 'countWaiting'>
  /** The payments module's own count of refunds still open. */
  paymentRecords: Pick<PaymentRecords, 'counts'>
  now?: () => Date
  offsetMinutes?: number
}

/** The overview's period: the last `days` shop dates, today included (`lastShopDays`). */
export function periodEnding(at: Date, days: number, offsetMinutes: number): Period {
  return { ...lastShopDays(at, days, offsetMinutes), offsetMinutes }
}

/** The admin's overview. */
export function createStatsService({
  db,
  quotes,
  paymentRecords,
  now = () => new Date(),
  offsetMinutes = SHOP_UTC_OFFSET_MINUTES,
}: Deps) {
  return {
    async overview(days: OverviewPeriod): Promise<Overview> {
      const period = periodEnding(now(), days, offsetMinutes)
      // One after another: PGlite runs one query at a time anyway, and a pool stays free.
      const revenue = await revenueByDay(db, period)
      const statuses = await ordersByStatus(db, period)
      const top = await topTools(db, period, OVERVIEW_TOP_TOOLS)
      const low = await lowStock(db, OVERVIEW_LOW_STOCK_MAX)
      const quotesWaiting = await quotes.countWaiting()
      const byMethod = await revenueByMethod(db, period)
      const byCurrency = await revenueByCurrency(db, period)
      const refunds = await paymentRecords.counts()
      const count = (status: string) => statuses.find((s) => s.status === status)?.count ?? 0
      return {
        days,
        revenueByDay: revenue.map((r) => ({ date: r.date, revenue: fromCents(r.cents) })),
        ordersByStatus: Object.fromEntries(
          OVERVIEW_STATUSES.map((status) => [status, count(status)]),
        ) as Overview['ordersByStatus'],
        topTools: top.map((t) => ({
          id: t.id,
          name: t.name,
          deleted: t.deleted,
          units: t.units,
          revenue: fromCents(t.cents),
        })),
        lowStock: low,
        quotesWaiting,
        revenueByMethod: PAYMENT_METHODS.map((method) => ({
          method,
          revenue: fromCents(byMethod.find((r) => r.method === method)?.cents ?? 0),
        })),
        revenueByCurrency: ORDER_CURRENCIES.map((currency) => {
          const row = byCurrency.find((r) => r.currency === currency)
          return {
            currency,
            orders: row?.orders ?? 0,
            revenue: fromCents(row?.cents ?? 0),
            vat: fromCents(row?.vatCents ?? 0),
          }
        }),
        refunds,
      }
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>
