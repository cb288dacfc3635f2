import { useParams } from 'react-router'

import { formatMoney, messages } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { PageLoader } from '@/components/ui/page-loader'
import { useOrder } from '@/features/orders/api/get-order'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.ordering

// TODO(payment issue): the card form and the Pay button (SPEC.md §2, §5).
/** SPEC.md §2 Payment page: for now the order summary only. */
export function PaymentRoute() {
  useDocumentTitle(messages.dashboard.payment)
  const { id = '' } = useParams()
  const order = useOrder(id)

  return (
    <div>
      <h2 className="section-title">{messages.dashboard.payment}</h2>
      <div className="title-rule" />
      {order.isPending ? (
        <PageLoader />
      ) : order.isError ? (
        <QueryError
          message={m.orderLoadFailed}
          retrying={order.isFetching}
          onRetry={() => void order.refetch()}
        />
      ) : (
        <div className="mt-6 space-y-2">
          <p className="text-lg font-semibold">{m.paymentGreeting(order.data.customerName)}</p>
          <p>{m.payFor(order.data.tools)}</p>
          <p className="font-semibold">{m.amountToPay(formatMoney(order.data.totalMoney))}</p>
          <p className="text-base-content/70">{messages.site.comingSoon}</p>
        </div>
      )}
    </div>
  )
}
