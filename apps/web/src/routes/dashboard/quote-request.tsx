import { Link, useParams } from 'react-router'

import { shopDate, type QuoteRequest, quoteWords, quoteRuleWords } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useQuote } from '@/features/quotes/api/get-quote'
import { AdminQuoteForm } from '@/features/quotes/components/admin-quote-form'
import { Conversation } from '@/features/quotes/components/conversation'
import { DrawingsList } from '@/features/quotes/components/drawings-list'
import { OfferView } from '@/features/quotes/components/offer-view'
import { QuoteStatusBadge } from '@/features/quotes/components/quote-status-badge'
import { RequestDetails } from '@/features/quotes/components/request-details'
import { useMoney } from '@/lib/currency'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = quoteWords

/** The shop can price a request until the buyer accepts it (revising). */
const quotable = (quote: QuoteRequest) => quote.status === 'requested' || quote.status === 'quoted'

/** Where the request stands once the buyer acted: accepted line, decline reason, the order. */
function Outcome({ quote }: { quote: QuoteRequest }) {
  const money = useMoney()
  return (
    <>
      {quote.accepted && (
        <p>
          {m.lineChoice(
            quote.accepted.quantity,
            money.price(quote.accepted.unitPrice),
            money.line(quote.accepted.unitPrice, quote.accepted.quantity),
          )}
        </p>
      )}
      {quote.status === 'declined' && quote.declineReason && (
        <p>{m.declineReasonShown(quote.declineReason)}</p>
      )}
      {quote.status === 'ordered' && (
        // Manage Orders searches by the buyer's email: the order is the one holding this part.
        <Link
          to={`${paths.dashboard.manageOrders()}?q=${encodeURIComponent(quote.customer)}`}
          className="btn btn-outline btn-sm"
        >
          {m.orderLink}
        </Link>
      )}
    </>
  )
}

function RequestPage({ quote }: { quote: QuoteRequest }) {
  return (
    <div className="mt-6 space-y-8">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <QuoteStatusBadge status={quote.status} />
        <span>
          {m.customer}: {quote.customerName} ({quote.customer})
        </span>
        <span>
          {m.date}: <time dateTime={quote.createdAt}>{shopDate(new Date(quote.createdAt))}</time>
        </span>
      </div>
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="space-y-8">
          <RequestDetails quote={quote} />
          <DrawingsList quoteId={quote._id} drawings={quote.drawings} />
        </div>
        <div className="space-y-8">
          {quote.offer && <OfferView offer={quote.offer} offers={quote.offers} />}
          <Outcome quote={quote} />
          {quotable(quote) && (
            // A new revision starts the form again from the latest offer.
            <AdminQuoteForm key={quote.offer?._id ?? 'first'} quote={quote} />
          )}
        </div>
      </div>
      <Conversation quoteId={quote._id} />
    </div>
  )
}

/** A quote request as the shop sees it (admin): what was sent, offers, the quote form. */
export function QuoteRequestRoute() {
  const { id = '' } = useParams()
  const quote = useQuote(id)
  useDocumentTitle(quote.data ? m.requestTitle(quote.data.partName) : m.quoteRequests)

  return (
    <div>
      <h2 className="section-title">
        {quote.data ? m.requestTitle(quote.data.partName) : m.quoteRequests}
      </h2>
      <div className="title-rule" />
      <QueryView
        query={quote}
        failed={m.requestLoadFailed}
        notFound={
          <div className="mt-6 space-y-4">
            <p>{quoteRuleWords.notFound}</p>
            <Link to={paths.dashboard.quotes()} className="btn btn-primary">
              {m.quoteRequests}
            </Link>
          </div>
        }
      >
        {(data) => <RequestPage quote={data} />}
      </QueryView>
    </div>
  )
}
