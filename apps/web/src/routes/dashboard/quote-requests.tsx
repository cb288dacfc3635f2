import { useSearchParams } from 'react-router'

import { QuoteStatusSchema, type QuoteStatus, quoteWords } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useAdminQuotes } from '@/features/quotes/api/admin-get-quotes'
import { AdminQuoteStatusFilter } from '@/features/quotes/components/admin-quote-status-filter'
import { QuotesTable } from '@/features/quotes/components/quotes-table'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = quoteWords

/** Quote Requests (admin): every request, filtered by `?status=`, and how many wait. */
export function QuoteRequestsRoute() {
  useDocumentTitle(m.quoteRequests)
  const [searchParams, setSearchParams] = useSearchParams()
  const parsed = QuoteStatusSchema.safeParse(searchParams.get('status'))
  const status = parsed.success ? parsed.data : undefined
  const quotes = useAdminQuotes(status)

  const onStatus = (next: QuoteStatus | undefined) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        if (next) params.set('status', next)
        else params.delete('status')
        return params
      },
      { replace: true },
    )

  return (
    <div>
      <h2 className="section-title">
        {quotes.data ? m.quoteRequestsCount(quotes.data.quotes.length) : m.quoteRequests}
      </h2>
      <div className="title-rule" />
      {quotes.data && (
        <p className="mt-4 font-semibold" data-testid="waiting-count">
          {m.waitingCount(quotes.data.waiting)}
        </p>
      )}
      <AdminQuoteStatusFilter status={status} onChange={onStatus} />
      <QueryView query={quotes} failed={m.loadFailed}>
        {(data) => <QuotesTable quotes={data.quotes} audience="admin" />}
      </QueryView>
    </div>
  )
}
