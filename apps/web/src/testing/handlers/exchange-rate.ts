import { http, HttpResponse } from 'msw'

import {
  exchangeRateContract,
  exchangeRateWords,
  rateChangeNeedsConfirm,
  rateChangePercent,
  type ErrorBody,
  type ExchangeRate,
  type ExchangeRateBody,
  type ExchangeRateChange,
} from '@toolworks/shared'

/**
 * The taka rate's endpoints over one in-memory history, newest first: GET answers
 * the latest change whose date has come (404 before any), PUT adds one as `setBy` (a change of
 * more than 10% from the rate in force without `confirm: true` is the server's 409).
 */
export function exchangeRateHandlers(
  history: ExchangeRateChange[] = [],
  { today = '2026-11-27', setBy = 'boss@example.com' } = {},
) {
  const inForce = (): ExchangeRate | undefined => {
    const change = [...history]
      .filter((c) => c.effectiveFrom <= today)
      .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0]
    return change && { currency: 'BDT', perUsd: change.perUsd, effectiveFrom: change.effectiveFrom }
  }
  return [
    http.get(exchangeRateContract.current.path, () => {
      const rate = inForce()
      if (rate) return HttpResponse.json(rate)
      const error: ErrorBody['error'] = { code: 'NOT_FOUND', message: exchangeRateWords.noneYet }
      return HttpResponse.json({ error }, { status: 404 })
    }),
    http.get(exchangeRateContract.history.path, () => HttpResponse.json(history)),
    http.put(exchangeRateContract.set.path, async ({ request }) => {
      const body = (await request.json()) as ExchangeRateBody
      const rate = inForce()
      if (rate && !body.confirm && rateChangeNeedsConfirm(rate.perUsd, body.perUsd)) {
        const message = exchangeRateWords.confirmNeeded(rateChangePercent(rate.perUsd, body.perUsd))
        const error: ErrorBody['error'] = { code: 'CONFLICT', message }
        return HttpResponse.json({ error }, { status: 409 })
      }
      const { confirm: _confirm, ...rest } = body
      const change = { ...rest, setBy, setAt: '2026-11-27T04:00:00.000Z' }
      history.unshift(change)
      return HttpResponse.json({
        currency: body.currency,
        perUsd: body.perUsd,
        effectiveFrom: body.effectiveFrom,
      })
    }),
  ]
}

/** PUT /api/exchange-rate refused with the given status and body. */
export function setExchangeRateErrorHandler(status: number, error: ErrorBody['error']) {
  return http.put(exchangeRateContract.set.path, () => HttpResponse.json({ error }, { status }))
}

/** A shop whose taka rate in force is `perUsd` (or none): for the prices a test reads. */
export function exchangeRateHandler(perUsd: number | null, effectiveFrom = '2026-11-20') {
  return exchangeRateHandlers(
    perUsd === null
      ? []
      : [
          {
            currency: 'BDT',
            perUsd,
            effectiveFrom,
            setBy: 'boss@example.com',
            setAt: '2026-11-20T04:00:00.000Z',
          },
        ],
  )
}
