import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useParams } from 'react-router'

import { formatAmount, messages, type Order } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { QueryView } from '@/components/errors/query-view'
import { PageLoader } from '@/components/ui/page-loader'
import { orderQuery, useOrder } from '@/features/orders/api/get-order'
import { usePaymentIntent } from '@/features/orders/api/create-payment-intent'
import { HoldNotice } from '@/features/orders/components/hold-notice'
import { OrderLinesTable } from '@/features/orders/components/order-lines-table'
import { PaymentChoice } from '@/features/orders/components/payment-choice'
import { PaymentReceipt } from '@/features/orders/components/payment-receipt'
import { SandboxCardForm } from '@/features/orders/components/sandbox-card-form'
import { ApiError } from '@/lib/api-error'
import { paths } from '@/lib/paths'
import { siteConfigQuery } from '@/lib/site-config'
import { useDocumentTitle } from '@/lib/use-document-title'

const StripeCardForm = lazy(() =>
  import('@/features/orders/components/stripe-card-form').then((module) => ({
    default: module.StripeCardForm,
  })),
)

const m = messages.ordering
const p = messages.paymentPage

function TransactionId({ id }: { id: string }) {
  return (
    <p>
      <span className="text-sm text-base-content/70">{p.transactionId}:</span>{' '}
      <code className="font-mono break-all">{id}</code>
    </p>
  )
}

/** The card entry for an unpaid order: the provider the server is configured with. */
function PaymentEntry({ order, onPaid }: { order: Order; onPaid: (id: string) => void }) {
  const config = useQuery(siteConfigQuery())
  const hasTotal = order.totalMoney > 0
  const intent = usePaymentIntent(order._id, hasTotal)
  const queryClient = useQueryClient()
  // Starting a payment keeps the order held longer: show the server's new time.
  const started = intent.isSuccess
  useEffect(() => {
    if (started) void queryClient.invalidateQueries({ queryKey: orderQuery(order._id).queryKey })
  }, [started, queryClient, order._id])

  if (!hasTotal) return <p>{p.nothingToPay}</p>
  if (config.isPending) return <PageLoader />
  if (config.isError) {
    return (
      <QueryError
        message={p.configLoadFailed}
        retrying={config.isFetching}
        onRetry={() => void config.refetch()}
      />
    )
  }
  const stripeKey = config.data.stripePublishableKey
  if (config.data.payments === 'stripe' && stripeKey === null) {
    return (
      <p role="alert" className="alert alert-warning alert-soft">
        {p.stripeNotConfigured}
      </p>
    )
  }
  const cardForm = {
    orderId: order._id,
    clientSecret: intent.data?.clientSecret,
    billing: { name: order.customerName, email: order.customer },
    amount: formatAmount(order.totalMoney, order.currency),
    onPaid,
  }
  return (
    <div className="space-y-4">
      {intent.isError && (
        <QueryError
          message={intent.error instanceof ApiError ? intent.error.message : p.intentFailed}
          retrying={intent.isFetching}
          onRetry={() => void intent.refetch()}
        />
      )}
      {intent.isPending && (
        <p role="status" className="text-sm text-base-content/70">
          {p.preparing}
        </p>
      )}
      {config.data.payments === 'stripe' && stripeKey !== null ? (
        // Stripe.js and its React bindings load only here, in a chunk of their own.
        <Suspense fallback={<PageLoader />}>
          <StripeCardForm publishableKey={stripeKey} {...cardForm} />
        </Suspense>
      ) : (
        <SandboxCardForm {...cardForm} />
      )}
    </div>
  )
}

/**
 * Greeting, amount, and the payment methods (the card entry among them); once paid, the
 * congratulations after a card payment here and the receipt, never "Please pay".
 */
function OrderPayment({ order }: { order: Order }) {
  // Kept here so the congratulations stay after the refreshed order comes back paid.
  const [completedId, setCompletedId] = useState<string | null>(null)

  if (order.paid || completedId !== null)
    return (
      <div className="mt-6 space-y-4">
        <p className="text-lg font-semibold">{m.paymentGreeting(order.customerName)}</p>
        {completedId !== null && (
          <div role="status" className="alert alert-success alert-soft flex flex-col items-start">
            <p className="font-semibold">{p.completed}</p>
            {/* Until the refreshed order is back: then the receipt shows the reference. */}
            {!order.paid && <TransactionId id={completedId} />}
          </div>
        )}
        {order.paid ? (
          <>
            <span className="badge badge-success">{p.paid}</span>
            <PaymentReceipt order={order} />
          </>
        ) : (
          <PageLoader />
        )}
        <OrderLinesTable order={order} quoteLink={paths.dashboard.myQuote} />
      </div>
    )

  return (
    <div className="mt-6 space-y-4">
      <div className="space-y-2">
        <p className="text-lg font-semibold">{m.paymentGreeting(order.customerName)}</p>
        <p>{m.payFor(order.tools)}</p>
        <OrderLinesTable order={order} quoteLink={paths.dashboard.myQuote} />
        <p className="font-semibold">
          {m.amountToPay(formatAmount(order.totalMoney, order.currency))}
        </p>
        <HoldNotice payBy={order.payBy} />
      </div>
      <PaymentChoice order={order} card={<PaymentEntry order={order} onPaid={setCompletedId} />} />
    </div>
  )
}

/** docs/product.md §2 Payment page, §4 payment flow. */
export function PaymentRoute() {
  useDocumentTitle(messages.dashboard.payment)
  const { id = '' } = useParams()
  const order = useOrder(id)

  return (
    <div>
      <h2 className="section-title">{messages.dashboard.payment}</h2>
      <div className="title-rule" />
      <QueryView query={order} failed={m.orderLoadFailed}>
        {(data) => <OrderPayment key={data._id} order={data} />}
      </QueryView>
    </div>
  )
}
