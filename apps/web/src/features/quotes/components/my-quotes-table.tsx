import { Link } from 'react-router'

import { type QuoteSummary, quoteWords } from '@toolworks/shared'

import { paths } from '@/lib/paths'

import { formatQuantities } from './quote-format'
import { QuoteStatusBadge } from './quote-status-badge'

const m = quoteWords

/** The buyer's requests, newest first: part, process, quantities, status, date and Open. */
export function MyQuotesTable({ quotes }: { quotes: QuoteSummary[] }) {
  const newestFirst = [...quotes].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <div className="mt-6 overflow-x-auto" tabIndex={0}>
      <table className="table">
        <caption className="sr-only">{m.myQuotes}</caption>
        <thead>
          <tr>
            <th scope="col">{m.partName}</th>
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
          {newestFirst.map((quote) => (
            <tr key={quote._id}>
              <td className="font-medium">{quote.partName}</td>
              <td>{m.processNames[quote.process]}</td>
              <td>{formatQuantities(quote.quantities)}</td>
              <td>
                <QuoteStatusBadge status={quote.status} />
              </td>
              <td>
                <time dateTime={quote.createdAt}>
                  {new Date(quote.createdAt).toLocaleDateString()}
                </time>
              </td>
              <td>
                <Link
                  to={paths.dashboard.myQuote(quote._id)}
                  className="btn btn-xs btn-outline"
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
