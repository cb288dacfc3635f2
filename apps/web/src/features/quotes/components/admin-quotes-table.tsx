import { Link } from 'react-router'

import { shopDate, type QuoteSummary, quoteWords } from '@toolworks/shared'

import { paths } from '@/lib/paths'

import { formatQuantities } from './quote-format'
import { QuoteStatusBadge } from './quote-status-badge'

const m = quoteWords

/** Quote Requests (admin): part name, customer, process, quantities, status, date and Open. */
export function AdminQuotesTable({ quotes }: { quotes: readonly QuoteSummary[] }) {
  if (quotes.length === 0) return <p className="mt-6 text-base-content/70">{m.noRequests}</p>
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (axe).
    <div className="mt-6 overflow-x-auto" tabIndex={0}>
      <table className="table">
        <caption className="sr-only">{m.quoteRequests}</caption>
        <thead>
          <tr>
            <th scope="col">{m.partName}</th>
            <th scope="col">{m.customer}</th>
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
          {quotes.map((quote) => (
            <tr key={quote._id}>
              <th scope="row" className="font-semibold">
                {quote.partName}
              </th>
              <td>
                <p>{quote.customerName}</p>
                <p className="text-xs break-all text-base-content/70">{quote.customer}</p>
              </td>
              <td>{m.processNames[quote.process]}</td>
              <td>{formatQuantities(quote.quantities)}</td>
              <td>
                <QuoteStatusBadge status={quote.status} />
              </td>
              <td>
                {/* The shop's calendar day, as every date of the quotes is. */}
                <time dateTime={quote.createdAt}>{shopDate(new Date(quote.createdAt))}</time>
              </td>
              <td>
                <Link
                  to={paths.dashboard.quoteRequest(quote._id)}
                  className="btn btn-primary btn-xs"
                  aria-label={m.openRequest(quote.partName)}
                >
                  {m.open}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
