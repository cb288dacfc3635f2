import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from '@/lib/toast'

import { type QuoteRequest, quoteWords, quoteRuleWords } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { PageLoader } from '@/components/ui/page-loader'
import { anyCartKey } from '@/features/cart/api/get-cart'
import { useAcceptQuote } from '@/features/quotes/api/accept-quote'
import { useDeclineQuote } from '@/features/quotes/api/decline-quote'
import { useQuote } from '@/features/quotes/api/get-quote'
import { useResendQuote } from '@/features/quotes/api/resend-quote'
import { useWithdrawQuote } from '@/features/quotes/api/withdraw-quote'
import { AcceptQuoteForm } from '@/features/quotes/components/accept-quote-form'
import { Conversation } from '@/features/quotes/components/conversation'
import { DeclineQuoteForm } from '@/features/quotes/components/decline-quote-form'
import { DrawingsList } from '@/features/quotes/components/drawings-list'
import { OfferView } from '@/features/quotes/components/offer-view'
import { QuoteStatusBadge } from '@/features/quotes/components/quote-status-badge'
import { RequestDetails } from '@/features/quotes/components/request-details'
import { ApiError, isTransient } from '@/lib/api-error'
import { useMoney } from '@/lib/currency'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = quoteWords

/** What a refused step tells the buyer: the server's own words for a 409, else "try again". */
function refusal(error: unknown): string {
  if (error instanceof ApiError && !isTransient(error) && error.status !== 401) return error.message
  return m.actionFailed
}

function QuoteActions({ quote }: { quote: QuoteRequest }) {
  const navigate = useNavigate()
  const { refetch } = useQuote(quote._id)
  // The accepted line is in the cart now: the header count and /cart ask again.
  const accept = useAcceptQuote({ refreshAlso: anyCartKey })
  const decline = useDeclineQuote()
  const withdraw = useWithdrawQuote()
  const resend = useResendQuote()
  const [step, setStep] = useState<'accept' | 'decline' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const money = useMoney()

  const failed = (error: unknown) => {
    setProblem(refusal(error))
    // A 409 means the request moved on (revised, expired, withdrawn): show it as it is now.
    if (error instanceof ApiError && error.status === 409) {
      setStep(null)
      void refetch()
    }
  }

  const onAccept = (quantity: number) => {
    setProblem(null)
    accept.mutate(
      { id: quote._id, quantity, revision: quote.offer?.revision },
      {
        onSuccess: () => {
          setStep(null)
          toast.success(m.accepted)
        },
        onError: failed,
      },
    )
  }
  const onDecline = (reason: string) => {
    setProblem(null)
    decline.mutate(
      { id: quote._id, reason },
      {
        onSuccess: () => {
          setStep(null)
          toast.success(m.declined)
        },
        onError: failed,
      },
    )
  }
  const onWithdraw = () => {
    if (!window.confirm(m.withdrawConfirm)) return
    setProblem(null)
    withdraw.mutate(quote._id, {
      onSuccess: () => toast.success(m.withdrawn),
      onError: failed,
    })
  }
  const onResend = () => {
    setProblem(null)
    resend.mutate(quote._id, {
      onSuccess: (created) => {
        toast.success(m.resent)
        void navigate(paths.dashboard.myQuote(created._id))
      },
      onError: failed,
    })
  }

  const canWithdraw = quote.status === 'requested' || quote.status === 'quoted'
  // Clear of the title's rule above (the rule sat on the Accept quote button).
  return (
    <div className="mt-5 space-y-3">
      {problem && (
        <p role="alert" className="alert alert-error alert-soft">
          {problem}
        </p>
      )}
      {quote.status === 'quoted' && quote.offer && step === 'accept' && (
        <AcceptQuoteForm
          offer={quote.offer}
          pending={accept.isPending}
          onConfirm={onAccept}
          onCancel={() => setStep(null)}
        />
      )}
      {quote.status === 'quoted' && step === 'decline' && (
        <DeclineQuoteForm
          pending={decline.isPending}
          onConfirm={onDecline}
          onCancel={() => setStep(null)}
        />
      )}
      {(quote.status === 'accepted' || quote.status === 'ordered') && (
        <div role="status" className="alert alert-success alert-soft flex flex-wrap gap-2">
          {quote.accepted && (
            <span className="w-full font-semibold">
              {m.lineChoice(
                quote.accepted.quantity,
                money.price(quote.accepted.unitPrice),
                money.line(quote.accepted.unitPrice, quote.accepted.quantity),
              )}
            </span>
          )}
          {quote.status === 'accepted' ? (
            <>
              <span>{m.inCart}</span>
              <Link to={paths.cart()} className="link font-semibold">
                {m.goToCart}
              </Link>
            </>
          ) : (
            <Link to={paths.dashboard.myOrders()} className="link font-semibold">
              {m.orderLink}
            </Link>
          )}
        </div>
      )}
      {quote.status === 'declined' && quote.declineReason && (
        <p className="text-base-content/80">{m.declineReasonShown(quote.declineReason)}</p>
      )}
      {quote.status === 'expired' && quote.offer && (
        <p className="text-base-content/80">{quoteRuleWords.expired(quote.offer.validUntil)}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {quote.status === 'quoted' && step === null && (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setStep('accept')}
            >
              {m.acceptQuote}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setStep('decline')}
            >
              {m.decline}
            </button>
          </>
        )}
        {canWithdraw && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={withdraw.isPending}
            onClick={onWithdraw}
          >
            {m.withdraw}
          </button>
        )}
        {quote.status === 'expired' && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={resend.isPending}
            onClick={onResend}
          >
            {resend.isPending && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            {m.resend}
          </button>
        )}
      </div>
    </div>
  )
}

/** One of the buyer's quote requests: what was sent, the quote, and what to do next. */
export function MyQuoteRoute() {
  const { id = '' } = useParams()
  const quote = useQuote(id)
  useDocumentTitle(quote.data ? m.requestTitle(quote.data.partName) : m.myQuotes)

  if (quote.isPending) return <PageLoader />
  if (quote.isError) {
    if (quote.error instanceof ApiError && quote.error.status === 404)
      return (
        <div>
          <h2 className="section-title">{m.myQuotes}</h2>
          <div className="title-rule" />
          <p role="alert" className="mt-6">
            {quoteRuleWords.notFound}{' '}
            <Link to={paths.dashboard.myQuotes()} className="link font-semibold">
              {m.myQuotes}
            </Link>
          </p>
        </div>
      )
    return (
      <QueryError
        message={m.requestLoadFailed}
        retrying={quote.isFetching}
        onRetry={() => void quote.refetch()}
      />
    )
  }

  const data = quote.data
  return (
    <div className="space-y-8">
      <div>
        <h2 className="section-title flex flex-wrap items-center gap-3">
          {m.requestTitle(data.partName)} <QuoteStatusBadge status={data.status} />
        </h2>
        <div className="title-rule" />
        <QuoteActions quote={data} />
      </div>
      {data.offer ? (
        <OfferView offer={data.offer} offers={data.offers} />
      ) : (
        data.status === 'requested' && <p className="text-base-content/80">{m.noOfferYet}</p>
      )}
      <RequestDetails quote={data} />
      <DrawingsList quoteId={data._id} drawings={data.drawings} />
      <Conversation quoteId={data._id} />
    </div>
  )
}
