import { useDeferredValue, useState, type ComponentProps } from 'react'
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
import { Pager } from '@/components/ui/pager'
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
import { ExportDocumentDialog } from '@/features/orders/components/export-document-dialog'
import { OrderFilters } from '@/features/orders/components/order-filters'
import { SHIP_UNDO_MS, useUndoableShip } from '@/features/orders/hooks/use-undoable-ship'
import { getErrorMessage } from '@/lib/get-error-message'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.ordering

const ORDERS_PER_PAGE = 25

type OrdersPageProps = Omit<ComponentProps<typeof ManageOrdersTable>, 'firstIndex'> & {
  page: number
  hrefFor: (page: number) => string
}

/** One page of Manage Orders: 25 orders, numbered on from the pages before. */
function OrdersPage({ orders, page, hrefFor, ...table }: OrdersPageProps) {
  const pageCount = Math.max(1, Math.ceil(orders.length / ORDERS_PER_PAGE))
  const current = Math.min(page, pageCount)
  const start = (current - 1) * ORDERS_PER_PAGE
  return (
    <div className="space-y-4">
      <ManageOrdersTable
        {...table}
        orders={orders.slice(start, start + ORDERS_PER_PAGE)}
        firstIndex={start + 1}
      />
      <Pager page={current} pageCount={pageCount} hrefFor={hrefFor} label={m.ordersPages} />
    </div>
  )
}

/** docs/product.md §2 Manage Orders (admin), with a status filter and an email search in the URL. */
export function ManageOrdersRoute() {
  useDocumentTitle(messages.dashboard.manageOrders)
  const [searchParams, setSearchParams] = useSearchParams()
  const parsedStatus = OrderStatusSchema.safeParse(searchParams.get('status'))
  const status = parsedStatus.success ? parsedStatus.data : undefined
  const q = searchParams.get('q') ?? ''
  // 25 orders a page, the page in the URL with the filters.
  const page = Math.max(1, Math.floor(Number(searchParams.get('page')) || 1))
  // Typing stays responsive; the request follows the settled text.
  const deferredQ = useDeferredValue(q.trim())
  const orders = useAllOrders({ status, q: deferredQ === '' ? undefined : deferredQ })
  const markShipped = useMarkShipped()
  const review = usePaymentAdminAction()
  const [dialog, setDialog] = useState<{ kind: PaymentDialogKind; order: Order } | null>(null)
  const [exportOrder, setExportOrder] = useState<Order | null>(null)

  // Accept and Refund need no details; the others open their dialog.
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
        // Other filters, other pages: back to the first.
        next.delete('page')
        return next
      },
      { replace: true },
    )

  // Mark shipped asks first, then waits SHIP_UNDO_MS for an Undo before it is sent.
  const ship = useUndoableShip((order) =>
    markShipped.mutate(order._id, {
      onSuccess: () => toast.success(m.markedShipped),
      onError: (error) => toast.error(getErrorMessage(error)),
    }),
  )
  const onMarkShipped = (order: Order) => {
    if (!window.confirm(m.markShippedConfirm(order.orderNumber))) return
    ship.hold(order)
    const toastId = `ship-${order._id}`
    toast.info(
      <div className="flex flex-wrap items-center gap-2">
        <span>{m.shippingSoon(order.orderNumber)}</span>
        <button
          type="button"
          className="btn btn-outline btn-xs"
          onClick={() => {
            toast.dismiss(toastId)
            if (ship.undo(order._id)) toast.info(m.shippingUndone(order.orderNumber))
          }}
        >
          {m.undo}
        </button>
      </div>,
      { toastId, autoClose: SHIP_UNDO_MS },
    )
  }

  return (
    <div>
      <h2 className="section-title">{messages.dashboard.manageOrders}</h2>
      <div className="title-rule" />
      <OrderFilters
        status={status}
        q={q}
        onStatusChange={(next: OrderStatus | undefined) => setParam('status', next)}
        onQueryChange={(next) => setParam('q', next)}
        actions={<ExportCsvButton kind="orders" query={{ status, q: q.trim() || undefined }} />}
      />
      <QueryView query={orders} failed={m.ordersLoadFailed}>
        {(data) => (
          <OrdersPage
            orders={data}
            page={page}
            hrefFor={(n) => {
              const next = new URLSearchParams(searchParams)
              if (n > 1) next.set('page', String(n))
              else next.delete('page')
              const query = next.toString()
              return query
                ? `${paths.dashboard.manageOrders()}?${query}`
                : paths.dashboard.manageOrders()
            }}
            pendingId={markShipped.isPending ? markShipped.variables : null}
            onMarkShipped={onMarkShipped}
            heldIds={ship.waiting}
            paymentPendingId={review.isPending ? review.variables.orderId : null}
            onPaymentAction={onPaymentAction}
            onRecordExportDocument={setExportOrder}
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
      {exportOrder !== null && (
        <ExportDocumentDialog
          key={exportOrder._id}
          order={exportOrder}
          onClose={() => setExportOrder(null)}
        />
      )}
    </div>
  )
}
