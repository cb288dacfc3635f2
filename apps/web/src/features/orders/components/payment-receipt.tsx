import { Link } from 'react-router'

import {
  deliveryPlaceText,
  formatAmount,
  paymentMethodWords,
  receiptWords as w,
  type Order,
} from '@toolworks/shared'

import { countryName } from '@/lib/country-names'
import { paths } from '@/lib/paths'

import { ReceiptInvoiceButton } from './invoice-button'

/**
 * Where the order goes, a line each: the name, the company and the delivery block when the
 * order has one, else the seed's one address; the country by name; the phone.
 */
function deliveryLines(order: Order): string[] {
  const { street, city, postcode } = order
  const place =
    street !== null && city !== null && postcode !== null
      ? deliveryPlaceText({ street, city, postcode })
      : order.address
  return [
    order.customerName,
    order.company ?? '',
    place,
    countryName(order.country),
    order.phone,
  ].filter((line) => line !== '')
}

/**
 * What a paid order's payment page shows, straight after paying and whenever it is
 * opened again: what was paid, how, its reference, where it goes, and the invoice.
 */
export function PaymentReceipt({ order }: { order: Order }) {
  const method = order.paymentMethod ? paymentMethodWords[order.paymentMethod].label : null
  return (
    <section
      aria-labelledby="receipt-heading"
      className="space-y-4 rounded-box border border-success/40 bg-base-100 p-4 sm:p-6"
    >
      <h3 id="receipt-heading" className="text-xl font-bold text-success">
        {w.heading}
      </h3>
      <p className="font-mono text-lg">{w.order(order.orderNumber)}</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="text-sm text-base-content/70">{w.amountPaid}</dt>
        <dd className="font-semibold whitespace-nowrap">
          {formatAmount(order.totalMoney, order.currency)}
        </dd>
        <dt className="text-sm text-base-content/70">{w.method}</dt>
        <dd>{method ?? w.unknownMethod}</dd>
        {order.transactionId !== null && (
          <>
            <dt className="text-sm text-base-content/70">{w.reference}</dt>
            <dd>
              <code className="font-mono break-all">{order.transactionId}</code>
            </dd>
          </>
        )}
        <dt className="text-sm text-base-content/70">{w.deliveryAddress}</dt>
        <dd className="whitespace-pre-line">{deliveryLines(order).join('\n')}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <ReceiptInvoiceButton order={order} className="btn btn-primary" />
        <Link to={paths.dashboard.myOrders()} className="btn btn-outline">
          {w.myOrders}
        </Link>
      </div>
    </section>
  )
}
