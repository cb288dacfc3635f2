import { Link } from 'react-router'

import { quoteWords } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useMyQuotes } from '@/features/quotes/api/get-my-quotes'
import { QuotesTable } from '@/features/quotes/components/quotes-table'
import { useSession } from '@/lib/auth'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = quoteWords

/** My Quotes: the buyer's quote requests, newest first, each opening its page. */
export function MyQuotesRoute() {
  useDocumentTitle(m.myQuotes)
  const session = useSession()
  const quotes = useMyQuotes(session.user?.email ?? '')

  return (
    <div>
      <h2 className="section-title">
        {quotes.data ? m.myQuotesCount(quotes.data.length) : m.myQuotes}
      </h2>
      <div className="title-rule" />
      <QueryView query={quotes} failed={m.loadFailed}>
        {(data) =>
          data.length === 0 ? (
            <p className="mt-6 text-base-content/70">
              {m.noQuotes}{' '}
              <Link to={paths.quote()} className="link font-semibold">
                {m.title}
              </Link>
            </p>
          ) : (
            <QuotesTable quotes={data} audience="buyer" />
          )
        }
      </QueryView>
    </div>
  )
}
