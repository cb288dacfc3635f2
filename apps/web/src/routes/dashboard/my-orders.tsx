import { useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'

import {
  messages,
  PaymentOutcomeSchema,
  paymentOutcomeWords,
  type Order,
  type PaymentOutcomeKind,
} from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { OrderAgainButton } from '@/features/cart/components/order-again-button'
import { anyToolKey } from '@/features/catalog/api/get-tool'
import { anyToolsKey } from '@/features/catalog/api/get-tools'
import { useDeleteOrder } from '@/features/orders/api/delete-order'
import { useMyOrders } from '@/features/orders/api/get-my-orders'
import { MyOrdersTable } from '@/features/orders/components/my-orders-table'
import { useSession } from '@/lib/auth'
import { getErrorMessage } from '@/lib/get-error-message'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.ordering

const OUTCOME_ALERT: Record<PaymentOutcomeKind, string> = {
  received: 'alert-success',
  failed: 'alert-error',
  cancelled: 'alert-warning',
  'under-review': 'alert-warning',
  pending: 'alert-info',
  'not-needed': 'alert-warning',
}

/** What happened at the gateway, as its return tells (`?payment=<outcome>`). */
function PaymentOutcomeBanner() {
  const [searchParams] = useSearchParams()
  const outcome = PaymentOutcomeSchema.safeParse(searchParams.get('payment'))
  if (!outcome.success) return null
  return (
    <p role="status" className={`alert alert-soft mb-4 ${OUTCOME_ALERT[outcome.data]}`}>
      {paymentOutcomeWords[outcome.data]}
    </p>
  )
}

/** docs/product.md §2 My Orders: the count in the heading, Pay for unpaid orders, delete after a confirm. */
export function MyOrdersRoute() {
  useDocumentTitle(messages.dashboard.myOrders)
  const session = useSession()
  const [searchParams] = useSearchParams()
  // A payment SSLCommerz has not confirmed yet: the list follows it until it is decided.
  const confirming =
    searchParams.get('payment') === 'pending' ? (searchParams.get('order') ?? undefined) : undefined
  const orders = useMyOrders(session.user?.email ?? '', confirming)
  const deleteOrder = useDeleteOrder()
  const queryClient = useQueryClient()

  const onDelete = (order: Order) => {
    if (!window.confirm(m.deleteConfirm)) return
    deleteOrder.mutate(order._id, {
      onSuccess: () => {
        toast.success(m.deleted)
        // A cancelled order's quantity is back in stock.
        void queryClient.invalidateQueries({ queryKey: anyToolKey })
        void queryClient.invalidateQueries({ queryKey: anyToolsKey })
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    })
  }

  return (
    <div>
      <h2 className="section-title">
        {orders.data ? m.ordersCount(orders.data.length) : messages.dashboard.myOrders}
      </h2>
      <div className="title-rule" />
      <PaymentOutcomeBanner />
      <QueryView query={orders} failed={m.ordersLoadFailed}>
        {(data) => (
          <MyOrdersTable
            orders={data}
            pendingId={deleteOrder.isPending ? deleteOrder.variables : null}
            onDelete={onDelete}
            actions={(order) => <OrderAgainButton order={order} />}
          />
        )}
      </QueryView>
    </div>
  )
}
