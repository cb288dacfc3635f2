import { http, HttpResponse } from 'msw'

import { paymentsContract } from '@toolworks/shared'

import type { ErrorBody, OrderPaymentsResponse } from '@toolworks/shared'

/**
 * GET /api/purchase/{id}/payments: answers `records[id]` (none recorded when absent), records
 * each id asked; `failWith` answers the next requests with that status.
 */
export function orderPaymentsServer(records: Record<string, OrderPaymentsResponse> = {}) {
  const seen: string[] = []
  let fail: number | null = null
  const handler = http.get(paymentsContract.orderPayments.path, ({ params }) => {
    const id = String(params['id'])
    seen.push(id)
    if (fail !== null) {
      const error: ErrorBody = { error: { code: 'UNAVAILABLE', message: 'Try again soon.' } }
      return HttpResponse.json(error, { status: fail })
    }
    return HttpResponse.json(records[id] ?? { payments: [], refunds: [] })
  })
  return {
    handlers: [handler],
    seen,
    failWith(status: number | null) {
      fail = status
    },
  }
}
