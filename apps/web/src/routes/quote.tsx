import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'

import { messages, QUOTE_PROCESSES, type QuoteProcess, quoteWords } from '@toolworks/shared'

import { useProfile } from '@/features/accounts/api/get-profile'
import { QuoteRequestForm } from '@/features/quotes/components/quote-request-form'
import { useSession } from '@/lib/auth'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useHydrated } from '@/lib/use-hydrated'

const m = quoteWords

const readProcess = (value: string | null): QuoteProcess | null =>
  QUOTE_PROCESSES.find((name) => name === value) ?? null

/**
 * Request a Quote. Public: anyone may read and fill the form; sending asks a visitor
 * to sign in and brings them back here, with what they typed.
 */
export function QuoteRoute() {
  useDocumentTitle(m.title, messages.seo.quote)
  const hydrated = useHydrated()
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const profile = useProfile(session.user?.email ?? '')

  return (
    <div className="page-container max-w-3xl py-12">
      <h1 className="page-title">{m.title}</h1>
      <div className="title-rule" />
      <p className="mb-6 text-base-content/80">{m.intro}</p>
      <QuoteRequestForm
        hydrated={hydrated}
        signedIn={session.status === 'loading' ? null : session.status === 'signed-in'}
        process={readProcess(search.get('process'))}
        profile={
          profile.data
            ? {
                phone: profile.data.phone ?? '',
                address: profile.data.location ?? '',
                emailVerified: profile.data.emailVerified,
              }
            : null
        }
        onNeedSignIn={(hadFiles) => {
          toast.info(hadFiles ? `${m.signInToSend} ${m.filesNotKept}` : m.signInToSend)
          // RequireAuth's shape, as /purchase/{id} remembers it: login brings the buyer back.
          void navigate(paths.login(), { state: { from: location } })
        }}
        onSent={(quote) => {
          toast.success(m.sent)
          void navigate(paths.dashboard.myQuote(quote._id))
        }}
      />
    </div>
  )
}
