import { useId, useState } from 'react'

import {
  formatAmount,
  paymentMethodWords,
  paymentRecordWords,
  shopDate,
  type Order,
  type OrderPaymentsResponse,
  type PaymentRecord,
  type RefundRecord,
} from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { isTransient } from '@/lib/api-error'

import { useOrderPayments } from '../api/get-order-payments'

const w = paymentRecordWords

/** The shop's date of a record, the exact instant kept for the machine. */
function On({ at }: { at: string }) {
  return <time dateTime={at}>{shopDate(new Date(at))}</time>
}

function PaymentItem({ payment }: { payment: PaymentRecord }) {
  return (
    <li data-testid="payment-record">
      {paymentMethodWords[payment.method].label}: {formatAmount(payment.amount, payment.currency)} ·{' '}
      {w.states[payment.state]}
      {payment.providerRef && (
        <span className="[overflow-wrap:anywhere]">
          {' '}
          · {w.reference} {payment.providerRef}
        </span>
      )}{' '}
      · <On at={payment.at} />
    </li>
  )
}

function RefundItem({ refund }: { refund: RefundRecord }) {
  return (
    <li data-testid="refund-record">
      {formatAmount(refund.amount, refund.currency)} · {w.reasons[refund.reason]} ·{' '}
      {w.refundStates[refund.state]} · <On at={refund.at} />
    </li>
  )
}

function Records({ records }: { records: OrderPaymentsResponse }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <section>
        <h4 className="font-semibold">{w.paymentsTitle}</h4>
        {records.payments.length === 0 ? (
          <p>{w.noPayments}</p>
        ) : (
          <ul className="space-y-1">
            {records.payments.map((p) => (
              <PaymentItem key={p.id} payment={p} />
            ))}
          </ul>
        )}
      </section>
      {records.refunds.length > 0 && (
        <section>
          <h4 className="font-semibold">{w.refundsTitle}</h4>
          <ul className="space-y-1">
            {records.refunds.map((r) => (
              <RefundItem key={r.id} refund={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function RecordsPanel({ orderId }: { orderId: string }) {
  const records = useOrderPayments(orderId, true)
  if (records.isPending)
    return (
      <p role="status" className="text-base-content/70">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" /> {w.loading}
      </p>
    )
  if (records.isError)
    return (
      <QueryError
        message={isTransient(records.error) ? w.busy : w.loadFailed}
        retrying={records.isFetching}
        onRetry={() => void records.refetch()}
      />
    )
  return <Records records={records.data} />
}

/**
 * Whether an order can have payment records to show: an order nobody has paid (nor claimed to
 * have paid) has none, so it offers no empty toggle.
 */
export function hasPaymentRecords(order: Order): boolean {
  return (
    order.paid || (order.paymentState !== 'unpaid' && order.paymentState !== 'awaiting-transfer')
  )
}

/**
 * An order's payments and refunds behind a toggle: asked for only when opened, so a long list
 * of orders costs one request per order someone looks at.
 */
export function OrderPayments({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className="mt-1 text-xs">
      <button
        type="button"
        className="link link-hover text-xs"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? '▾' : '▸'} {w.toggle}
      </button>
      {open && (
        <div id={panelId} className="mt-1 text-base-content/80">
          <RecordsPanel orderId={orderId} />
        </div>
      )}
    </div>
  )
}
