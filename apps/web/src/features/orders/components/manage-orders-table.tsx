import { Fragment } from 'react'

import { formatMoney, messages, type Order, type OrderStatus } from '@toolworks/shared'

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

type ManageOrdersTableProps = {
  orders: Order[]
  pendingId: string | null
  onMarkShipped: (order: Order) => void
}

/** docs/product.md §2 Manage Orders: product, customer, quantity, total, status; ship paid orders. */
export function ManageOrdersTable({ orders, pendingId, onMarkShipped }: ManageOrdersTableProps) {
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
            </td>
          </tr>
          <OrderLinesRow order={order} columns={8} quoteLink={paths.dashboard.quoteRequest} />
        </Fragment>
      ))}
    </DataTable>
  )
}
