import { http, HttpResponse } from 'msw'

import { statsContract } from '@toolworks/shared'

import type { ErrorBody, Overview } from '@toolworks/shared'

/** An overview of `days` days ending 2026-11-23, with revenue on the days listed in `sales`. */
export function makeOverview(days: number, sales: Record<string, number> = {}): Overview {
  const last = Date.parse('2026-11-23T00:00:00Z')
  const revenueByDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(last - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10)
    return { date, revenue: sales[date] ?? 0 }
  })
  return {
    days,
    revenueByDay,
    ordersByStatus: { unpaid: 3, paid: 12, shipped: 7, cancelled: 1 },
    topTools: [
      { id: 't1', name: 'Torque wrench', deleted: false, units: 4, revenue: 102 },
      { id: 't2', name: 'Old chisel', deleted: true, units: 2, revenue: 14 },
    ],
    lowStock: [{ id: 'low1', name: 'Empty shelf', quantity: 0, minimum: 1 }],
    quotesWaiting: 2,
    revenueByMethod: [
      { method: 'sslcommerz', revenue: 80 },
      { method: 'bank-transfer', revenue: 1250.5 },
      { method: 'card', revenue: 0 },
    ],
    revenueByCurrency: [
      { currency: 'USD', orders: 3, revenue: 1330.5, vat: 173.54 },
      { currency: 'BDT', orders: 1, revenue: 24500, vat: 3195.65 },
    ],
    refunds: { toRefund: 1, due: 2 },
  }
}

/**
 * GET /api/stats/overview: answers `makeOverview(days)` (or `answers[days]`), records each
 * query's `days`; `fail` answers the next requests with that status.
 */
export function statsServer(answers: Partial<Record<number, Overview>> = {}) {
  const seen: string[] = []
  let fail: number | null = null
  const handler = http.get(statsContract.overview.path, ({ request }) => {
    const days = new URL(request.url).searchParams.get('days') ?? ''
    seen.push(days)
    if (fail !== null) {
      const error: ErrorBody = { error: { code: 'UNAVAILABLE', message: 'Try again soon.' } }
      return HttpResponse.json(error, { status: fail })
    }
    return HttpResponse.json(answers[Number(days)] ?? makeOverview(Number(days)))
  })
  return {
    handlers: [handler],
    seen,
    failWith(status: number | null) {
      fail = status
    },
  }
}
