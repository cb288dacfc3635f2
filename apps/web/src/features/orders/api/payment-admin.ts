import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  OrderIdParamsSchema,
  paymentsContract,
  type AdminCancelBody,
  type MarkReceivedBody,
  type RefundSentBody,
  type ReviewBody,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

// The shared contract names the paths; each `:id` is the order's id.
const withId = <E extends object>(endpoint: E) => ({ ...endpoint, params: OrderIdParamsSchema })
const endpoints = {
  markReceived: withId(paymentsContract.markReceived),
  review: withId(paymentsContract.review),
  adminCancel: withId(paymentsContract.adminCancel),
  refundSent: withId(paymentsContract.refundSent),
}

/** Manage Orders' payment actions (admin), each answering the changed order. */
export type PaymentAdminAction =
  | { kind: 'mark-received'; orderId: string; body: MarkReceivedBody }
  | { kind: 'review'; orderId: string; body: ReviewBody }
  | { kind: 'cancel'; orderId: string; body: AdminCancelBody }
  | { kind: 'refund-sent'; orderId: string; body: RefundSentBody }

export function runPaymentAdminAction(action: PaymentAdminAction) {
  const params = { id: action.orderId }
  switch (action.kind) {
    case 'mark-received':
      return api.call(endpoints.markReceived, { params, body: action.body })
    case 'review':
      return api.call(endpoints.review, { params, body: action.body })
    case 'cancel':
      return api.call(endpoints.adminCancel, { params, body: action.body })
    case 'refund-sent':
      return api.call(endpoints.refundSent, { params, body: action.body })
  }
}

/**
 * POST /api/purchase/{id}/mark-received, /review, /cancel and /refund-sent (admin); refreshes
 * the order lists.
 */
export function usePaymentAdminAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runPaymentAdminAction,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
