import { formatMoney, messages, type Order, type OrderStatus } from '@toolworks/shared'

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

/** SPEC.md §2 Manage Orders: product, customer, quantity, total, status; ship paid orders. */
export function ManageOrdersTable({ orders, pendingId, onMarkShipped }: ManageOrdersTableProps) {
  if (orders.length === 0) return <p className="mt-6 text-base-content/70">{m.noMatchingOrders}</p>
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="table">
        <thead>
          <tr>
            <th>#</th>
            <th>{m.productName}</th>
            <th>{m.customerName}</th>
            <th>{m.customerEmail}</th>
            <th>{m.orderQuantity}</th>
            <th>{m.totalPrice}</th>
            <th>{m.status}</th>
            <th>{m.action}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order, index) => (
            <tr key={order._id}>
              <td>{index + 1}</td>
              <td>{order.tools}</td>
              <td>{order.customerName}</td>
              <td className="break-all">{order.customer}</td>
              <td>{order.purchaseQuantity}</td>
              <td>{formatMoney(order.totalMoney)}</td>
              <td>
                <span className={`badge ${BADGE[order.status]}`}>
                  {m.statusLabels[order.status]}
                </span>
              </td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
