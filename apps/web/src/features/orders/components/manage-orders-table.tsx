import { Fragment } from 'react'

import {
  exportDocumentText,
  exportWords,
  formatAmount,
  messages,
  paymentAdminWords,
  paymentMethodWords,
  paymentStateWords,
  shopDate,
  type Order,
  type OrderStatus,
} from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'
import { paths } from '@/lib/paths'

import { OrderDocumentButtons } from './invoice-button'
import { OrderLinesRow } from './order-lines-list'
import { hasPaymentRecords, OrderPayments } from './order-payments'

const m = messages.ordering

const BADGE: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
}

/** Manage Orders' payment actions. */
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

/**
 * An export's badges under its status: "Export", "Check export" when its phone is Bangladeshi,
 * and its airway or shipping bill once recorded (an export ships only with one).
 */
function ExportSummary({ order }: { order: Order }) {
  if (!order.export) return null
  return (
    <div className="mt-1 space-y-1" data-testid="export-summary">
      <span className="badge badge-outline badge-sm">{exportWords.badge}</span>{' '}
      {order.exportCheck && (
        <span className="badge badge-warning badge-sm" title={exportWords.checkHint}>
          {exportWords.checkBadge}
        </span>
      )}
      <p className="text-xs text-base-content/70">
        {order.exportDocument ? exportDocumentText(order.exportDocument) : exportWords.documentNone}
      </p>
    </div>
  )
}

/** An export waits for its document before it may ship; a domestic order never does. */
export const awaitsExportDocument = (order: Order) => order.export && order.exportDocument === null

type ManageOrdersTableProps = {
  orders: Order[]
  pendingId: string | null
  onMarkShipped: (order: Order) => void
  /** The number of the first row (its page's place in the whole list). */
  firstIndex?: number
  /** Orders whose Mark shipped is held for its undo: not sent yet, not again. */
  heldIds?: ReadonlySet<string>
  /** The order whose payment action is running, if any. */
  paymentPendingId?: string | null
  onPaymentAction?: (order: Order, action: PaymentActionKind) => void
  /** Opens the export document's form for an export order. */
  onRecordExportDocument?: (order: Order) => void
}

/**
 * Long product names and e-mails stay on one line at `sm` and up, cut with an ellipsis and
 * whole on hover; a phone's card has room to show them in full. At `sm` and up the
 * cell takes no room of its own (max-width 0) and shares what the other columns leave, so the
 * table always fits its box.
 */
function ClippedCell({ text, label }: { text: string; label: string }) {
  return (
    <td data-label={label} className="sm:w-1/5 sm:max-w-0">
      <span className="block sm:truncate" title={text}>
        {text}
      </span>
    </td>
  )
}

/** docs/product.md §2 Manage Orders: product, customer, quantity, total, status; ship paid orders. */
export function ManageOrdersTable({
  orders,
  pendingId,
  onMarkShipped,
  firstIndex = 1,
  heldIds = new Set(),
  paymentPendingId = null,
  onPaymentAction,
  onRecordExportDocument,
}: ManageOrdersTableProps) {
  return (
    <DataTable
      compact
      headings={[
        '#',
        m.date,
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
            <td data-label="#">
              {firstIndex + index}
              {/* The order's number, which the search finds. */}
              <span className="block font-mono text-xs whitespace-nowrap text-base-content/70">
                {order.orderNumber}
              </span>
            </td>
            <td data-label={m.date} className="whitespace-nowrap">
              <time dateTime={order.createdAt}>{shopDate(new Date(order.createdAt))}</time>
            </td>
            <ClippedCell label={m.productName} text={order.tools} />
            <td data-label={m.customerName}>{order.customerName}</td>
            <ClippedCell label={m.customerEmail} text={order.customer} />
            <td data-label={m.orderQuantity}>{order.purchaseQuantity}</td>
            <td data-label={m.totalPrice}>
              <span data-amount>{formatAmount(order.totalMoney, order.currency)}</span>
            </td>
            <td data-label={m.status}>
              <span className={`badge ${BADGE[order.status]}`}>{m.statusLabels[order.status]}</span>
              {order.status === 'cancelled' && order.cancelReason && (
                <p className="text-xs text-base-content/70">
                  {m.cancelReasons[order.cancelReason]}
                </p>
              )}
              <PaymentSummary order={order} />
              <ExportSummary order={order} />
            </td>
            {/* Wrapped side by side, so no two buttons ever overlap. */}
            <td data-label={m.action} className="space-y-1 [&_.btn]:whitespace-nowrap">
              {order.status === 'paid' && !awaitsExportDocument(order) && (
                <button
                  type="button"
                  className="btn btn-primary btn-xs"
                  disabled={pendingId !== null || heldIds.has(order._id)}
                  aria-label={`${m.markShipped}: ${order.tools}, ${order.customer}`}
                  onClick={() => onMarkShipped(order)}
                >
                  {pendingId === order._id && (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  )}
                  {m.markShipped}
                </button>
              )}
              {onRecordExportDocument && order.export && order.status !== 'cancelled' && (
                <button
                  type="button"
                  className={`btn btn-xs ${awaitsExportDocument(order) ? 'btn-primary' : 'btn-outline'}`}
                  aria-label={exportWords.documentFor(order.orderNumber)}
                  onClick={() => onRecordExportDocument(order)}
                >
                  {exportWords.documentRecord}
                </button>
              )}
              <OrderDocumentButtons order={order} label={`${order.tools}, ${order.customer}`} />
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
          <OrderLinesRow order={order} columns={9} quoteLink={paths.dashboard.quoteRequest}>
            {hasPaymentRecords(order) && <OrderPayments orderId={order._id} />}
          </OrderLinesRow>
        </Fragment>
      ))}
    </DataTable>
  )
}
