import { Link } from 'react-router'

import { shopDate, type QuoteSummary, quoteWords } from '@toolworks/shared'

import { CardTable } from '@/components/ui/data-table'
import { paths } from '@/lib/paths'

import { formatQuantities } from './quote-format'
import { QuoteStatusBadge } from './quote-status-badge'

const m = quoteWords

type Props = {
  quotes: readonly QuoteSummary[]
  /**
   * `admin`: Quote Requests, with the customer, opening the admin's page. `buyer`: My Quotes,
   * newest first, opening the buyer's page. One table, so the two never show a request apart.
   */
  audience: 'admin' | 'buyer'
}

/** A list of quote requests: part name, (customer), process, quantities, status, date and Open. */
export function QuotesTable({ quotes, audience }: Props) {
  const admin = audience === 'admin'
  if (admin && quotes.length === 0)
    return <p className="mt-6 text-base-content/70">{m.noRequests}</p>
  const rows = admin ? quotes : [...quotes].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <CardTable>
      <caption className="sr-only">{admin ? m.quoteRequests : m.myQuotes}</caption>
      <thead>
        <tr>
          <th scope="col">{m.partName}</th>
          {admin && <th scope="col">{m.customer}</th>}
          <th scope="col">{m.process}</th>
          <th scope="col">{m.quantities}</th>
          <th scope="col">{m.status}</th>
          <th scope="col">{m.date}</th>
          <th scope="col">
            <span className="sr-only">{m.open}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((quote) => (
          <tr key={quote._id}>
            <th scope="row" className="font-semibold" data-label={m.partName}>
              {quote.partName}
            </th>
            {admin && (
              <td data-label={m.customer}>
                <p>{quote.customerName}</p>
                <p className="text-xs break-all text-base-content/70">{quote.customer}</p>
              </td>
            )}
            <td data-label={m.process}>{m.processNames[quote.process]}</td>
            <td data-label={m.quantities}>{formatQuantities(quote.quantities)}</td>
            <td data-label={m.status}>
              <QuoteStatusBadge status={quote.status} />
            </td>
            <td data-label={m.date}>
              {/* The shop's calendar day, as every date of the quotes is, for both audiences. */}
              <time dateTime={quote.createdAt}>{shopDate(new Date(quote.createdAt))}</time>
            </td>
            <td>
              <Link
                to={
                  admin
                    ? paths.dashboard.quoteRequest(quote._id)
                    : paths.dashboard.myQuote(quote._id)
                }
                className={admin ? 'btn btn-primary btn-xs' : 'btn btn-xs btn-outline'}
                aria-label={m.openRequest(quote.partName)}
              >
                {m.open}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </CardTable>
  )
}
