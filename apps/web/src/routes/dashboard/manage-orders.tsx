import { useDeferredValue, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'

import {
  messages,
  OrderStatusSchema,
  paymentAdminWords,
  type Order,
  type OrderStatus,
} from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useAllOrders } from '@/features/orders/api/get-all-orders'
import { useMarkShipped } from '@/features/orders/api/mark-shipped'
import { usePaymentAdminAction } from '@/features/orders/api/payment-admin'
import {
  ManageOrdersTable,
  type PaymentActionKind,
} from '@/features/orders/components/manage-orders-table'
import {
  PaymentActionDialog,
  type PaymentDialogKind,
} from '@/features/orders/components/payment-action-dialog'
import { ExportCsvButton } from '@/features/exports/components/export-csv-button'
import { OrderFilters } from '@/features/orders/components/order-filters'
import { getErrorMessage } from '@/lib/get-error-message'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.ordering

/** docs/product.md §2 Manage Orders (admin), with a status filter and an email search in the URL. */
export function ManageOrdersRoute() {
  useDocumentTitle(messages.dashboard.manageOrders)
  const [searchParams, setSearchParams] = useSearchParams()
  const parsedStatus = OrderStatusSchema.safeParse(searchParams.get('status'))
  const status = parsedStatus.success ? parsedStatus.data : undefined
  const q = searchParams.get('q') ?? ''
  // Typing stays responsive; the request follows the settled text.
  const deferredQ = useDeferredValue(q.trim())
  const orders = useAllOrders({ status, q: deferredQ === '' ? undefined : deferredQ })
  const markShipped = useMarkShipped()
  const review = usePaymentAdminAction()
  const [dialog, setDialog] = useState<{ kind: PaymentDialogKind; order: Order } | null>(null)

  // Accept and Refund need no details; the others open their dialog (issue 27).
  const onPaymentAction = (order: Order, action: PaymentActionKind) => {
    if (action === 'accept' || action === 'refund') {
      if (action === 'refund' && !window.confirm(paymentAdminWords.refundConfirm)) return
      review.mutate(
        { kind: 'review', orderId: order._id, body: { decision: action } },
        {
          onSuccess: () =>
            toast.success(
              action === 'accept' ? paymentAdminWords.accepted : paymentAdminWords.refunded,
            ),
          onError: (error) => toast.error(getErrorMessage(error)),
        },
      )
      return
    }
    setDialog({ kind: action, order })
  }

  const setParam = (name: 'status' | 'q', value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(name, value)
        else next.delete(name)
        return next
      },
      { replace: true },
    )

  const onMarkShipped = (order: Order) =>
    markShipped.mutate(order._id, {
      onSuccess: () => toast.success(m.markedShipped),
      onError: (error) => toast.error(getErrorMessage(error)),
    })

  return (
    <div>
      <h2 className="section-title">{messages.dashboard.manageOrders}</h2>
      <div className="title-rule" />
      <OrderFilters
        status={status}
        q={q}
        onStatusChange={(next: OrderStatus | undefined) => setParam('status', next)}
        onQueryChange={(next) => setParam('q', next)}
      />
      <div className="mb-4">
        <ExportCsvButton kind="orders" query={{ status, q: q.trim() || undefined }} />
      </div>
      <QueryView query={orders} failed={m.ordersLoadFailed}>
        {(data) => (
          <ManageOrdersTable
            orders={data}
            pendingId={markShipped.isPending ? markShipped.variables : null}
            onMarkShipped={onMarkShipped}
            paymentPendingId={review.isPending ? review.variables.orderId : null}
            onPaymentAction={onPaymentAction}
          />
        )}
      </QueryView>
      {dialog !== null && (
        <PaymentActionDialog
          key={`${dialog.kind}-${dialog.order._id}`}
          kind={dialog.kind}
          order={dialog.order}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  )
}
