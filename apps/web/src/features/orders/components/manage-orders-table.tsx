import { Fragment } from 'react'

import {
  formatMoney,
  messages,
  paymentAdminWords,
  paymentMethodWords,
  paymentStateWords,
  type Order,
  type OrderStatus,
} from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'
import { paths } from '@/lib/paths'

import { InvoiceButton, hasInvoice } from './invoice-button'
import { OrderLinesRow } from './order-lines-list'

const m = messages.ordering

const BADGE: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
}

/** Manage Orders' payment actions (issue 27). */
export type PaymentActionKind = 'mark-received' | 'accept' | 'refund' | 'cancel' | 'refund-sent'

const w = paymentAdminWords

/** Which payment actions an order offers, in the order the buttons show. */
export function paymentActionsOf(order: Order): PaymentActionKind[] {
  const actions: PaymentActionKind[] = []
  if (order.status === 'unpaid' && order.paymentState === 'awaiting-transfer')
    actions.push('mark-received')
  if (order.status === 'unpaid' && order.paymentState === 'under-review')
    actions.push('accept', 'refund')
  if (order.status === 'unpaid' || order.status === 'paid') actions.push('cancel')
  if (order.paymentState === 'refund-due') actions.push('refund-sent')
  return actions
}

const ACTION_LABEL: Record<PaymentActionKind, string> = {
  'mark-received': w.markReceived,
  accept: w.acceptPayment,
  refund: w.refund,
  cancel: w.cancel,
  'refund-sent': w.refundSent,
}

/** The order's payment method and state, under its status. */
function PaymentSummary({ order }: { order: Order }) {
  return (
    <p className="text-xs text-base-content/70" data-testid="payment-summary">
      {order.paymentMethod ? paymentMethodWords[order.paymentMethod].label : w.noMethod}
      {' · '}
      {paymentStateWords[order.paymentState]}
    </p>
  )
}

type ManageOrdersTableProps = {
  orders: Order[]
  pendingId: string | null
  onMarkShipped: (order: Order) => void
  /** The order whose payment action is running, if any. */
  paymentPendingId?: string | null
  onPaymentAction?: (order: Order, action: PaymentActionKind) => void
}

/** docs/product.md §2 Manage Orders: product, customer, quantity, total, status; ship paid orders. */
export function ManageOrdersTable({
  orders,
  pendingId,
  onMarkShipped,
  paymentPendingId = null,
  onPaymentAction,
}: ManageOrdersTableProps) {
  return (
    <DataTable
      headings={[
        '#',
        m.productName,
        m.customerName,
        m.customerEmail,
        m.orderQuantity,
        m.totalPrice,
        m.status,
        m.action,
      ]}
      emptyText={m.noMatchingOrders}
      isEmpty={orders.length === 0}
    >
      {orders.map((order, index) => (
        <Fragment key={order._id}>
          <tr>
            <td>{index + 1}</td>
            <td>{order.tools}</td>
            <td>{order.customerName}</td>
            <td className="break-all">{order.customer}</td>
            <td>{order.purchaseQuantity}</td>
            <td>{formatMoney(order.totalMoney)}</td>
            <td>
              <span className={`badge ${BADGE[order.status]}`}>{m.statusLabels[order.status]}</span>
              {order.status === 'cancelled' && order.cancelReason && (
                <p className="text-xs text-base-content/70">
                  {m.cancelReasons[order.cancelReason]}
                </p>
              )}
              <PaymentSummary order={order} />
            </td>
            <td className="space-y-1">
              {order.status === 'paid' && (
                <button
                  type="button"
                  className="btn btn-primary btn-xs"
                  disabled={pendingId !== null}
                  aria-label={`${m.markShipped}: ${order.tools}, ${order.customer}`}
                  onClick={() => onMarkShipped(order)}
                >
                  {pendingId === order._id && (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  )}
                  {m.markShipped}
                </button>
              )}
              {hasInvoice(order) && (
                <div>
                  <InvoiceButton order={order} label={`${order.tools}, ${order.customer}`} />
                </div>
              )}
              {onPaymentAction && paymentActionsOf(order).length > 0 && (
                <div className="flex flex-wrap gap-1">
                  {paymentActionsOf(order).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={`btn btn-xs ${action === 'cancel' || action === 'refund' ? 'btn-error btn-outline' : 'btn-outline'}`}
                      disabled={paymentPendingId !== null}
                      aria-label={w.actionFor(
                        ACTION_LABEL[action],
                        `${order.tools}, ${order.customer}`,
                      )}
                      onClick={() => onPaymentAction(order, action)}
                    >
                      {paymentPendingId === order._id && (
                        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                      )}
                      {ACTION_LABEL[action]}
                    </button>
                  ))}
                </div>
              )}
            </td>
          </tr>
          <OrderLinesRow order={order} columns={8} quoteLink={paths.dashboard.quoteRequest} />
        </Fragment>
      ))}
    </DataTable>
  )
}
