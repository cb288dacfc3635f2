import { Fragment, useState, type ReactNode } from 'react'
import { Link } from 'react-router'

import { formatAmount, messages, paymentStateWords, shopDate, type Order } from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'
import { paths } from '@/lib/paths'

import { proformaPath } from '../api/download-proforma'
import { HoldNotice } from './hold-notice'
import { OrderDocumentButtons } from './invoice-button'
import { OrderLinesRow } from './order-lines-list'
import { hasPaymentRecords, OrderPayments } from './order-payments'
import { ProformaButton } from './payment-choice'

const m = messages.ordering

/** How long an unpaid order still holds its stock; the exact time on hover. */
function PayWithin({ payBy }: { payBy: string }) {
  const deadline = new Date(payBy)
  // Read once when the row appears: the list is refetched often enough to stay current.
  const [now] = useState(() => Date.now())
  const hoursLeft = Math.max(0, (deadline.getTime() - now) / 3_600_000)
  return (
    <p className="text-xs text-base-content/70" title={m.payByDate(deadline.toLocaleString())}>
      <time dateTime={payBy}>{m.payWithin(hoursLeft)}</time>
    </p>
  )
}

/** The payment states worth a word beside the seed's status. */
function PaymentStateNote({ order }: { order: Order }) {
  const state = order.paymentState
  if (state === 'unpaid' || state === 'paid') return null
  return (
    <div className="space-y-1">
      <span className="badge badge-warning badge-soft" data-testid="payment-state">
        {paymentStateWords[state]}
      </span>
      {state === 'awaiting-transfer' && (
        <ProformaButton path={proformaPath(order._id)} className="btn btn-outline btn-xs" />
      )}
    </div>
  )
}

function PaymentCell({ order }: { order: Order }) {
  // Under review: the money is with the shop, waiting for an admin; nothing to pay.
  if (order.status === 'unpaid' && order.paymentState === 'under-review')
    return <PaymentStateNote order={order} />
  if (order.status === 'unpaid')
    return (
      <div className="space-y-1">
        <PaymentStateNote order={order} />
        <Link
          to={paths.dashboard.payment(order._id)}
          className="btn btn-primary btn-xs"
          aria-label={`${m.pay}: ${order.tools}`}
        >
          {m.pay}
        </Link>
        {order.payBy && <PayWithin payBy={order.payBy} />}
        <HoldNotice payBy={order.payBy} />
      </div>
    )
  return (
    <div className="space-y-1">
      {/* Paid and shipped look different. */}
      <span className={order.status === 'shipped' ? 'badge badge-info' : 'badge badge-success'}>
        {m.statusLabels[order.status]}
      </span>
      {order.transactionId && (
        // Small and muted; broken between characters only when it must (never one a line).
        <p className="max-w-48 text-xs [overflow-wrap:anywhere] text-base-content/70">
          <span>{m.transactionId}:</span>{' '}
          <span data-testid="transaction-id">{order.transactionId}</span>
        </p>
      )}
      <OrderDocumentButtons order={order} />
      <PaymentStateNote order={order} />
    </div>
  )
}

type MyOrdersTableProps = {
  orders: Order[]
  pendingId: string | null
  onDelete: (order: Order) => void
  /** More actions of an order, above Delete (Order again: the screen composes it). */
  actions?: (order: Order) => ReactNode
}

/**
 * docs/product.md §2 My Orders: index, name, tool, quantity, money, payment, delete; plus
 * the order's number and date, and Delete only where it cancels (unpaid).
 */
export function MyOrdersTable({ orders, pendingId, onDelete, actions }: MyOrdersTableProps) {
  return (
    <DataTable
      compact
      headings={[
        '#',
        m.orderNumber,
        m.date,
        m.name,
        m.tool,
        m.orderedQuantity,
        m.orderMoney,
        m.payment,
        m.delete,
      ]}
      emptyText={m.noOrders}
      isEmpty={orders.length === 0}
    >
      {orders.map((order, index) => (
        <Fragment key={order._id}>
          <tr>
            <td data-label="#">{index + 1}</td>
            <td data-label={m.orderNumber} className="font-mono whitespace-nowrap">
              {order.orderNumber}
            </td>
            <td data-label={m.date} className="whitespace-nowrap">
              <time dateTime={order.createdAt}>{shopDate(new Date(order.createdAt))}</time>
            </td>
            <td data-label={m.name}>{order.customerName}</td>
            <td data-label={m.tool}>{order.tools}</td>
            <td data-label={m.orderedQuantity}>{order.purchaseQuantity}</td>
            <td data-label={m.orderMoney}>
              <span data-amount>{formatAmount(order.totalMoney, order.currency)}</span>
            </td>
            <td data-label={m.payment}>
              <PaymentCell order={order} />
            </td>
            <td data-label={m.delete}>
              {actions?.(order)}
              {order.status === 'unpaid' ? (
                // Delete cancels an unpaid order and returns its stock (the seed's confirm).
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-xs"
                  disabled={pendingId !== null}
                  aria-label={`${m.delete}: ${order.tools}`}
                  onClick={() => onDelete(order)}
                >
                  {pendingId === order._id && (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  )}
                  {m.delete}
                </button>
              ) : (
                // A paid order is the shop's to change: the buyer asks.
                <Link to={paths.contactAbout(order.orderNumber)} className="link text-sm">
                  {m.needChange}
                </Link>
              )}
            </td>
          </tr>
          <OrderLinesRow order={order} columns={9} quoteLink={paths.dashboard.myQuote}>
            {hasPaymentRecords(order) && <OrderPayments orderId={order._id} />}
          </OrderLinesRow>
        </Fragment>
      ))}
    </DataTable>
  )
}
