import { Link, useLocation, useNavigate } from 'react-router'

import { messages } from '@toolworks/shared'

import { GoogleButton } from '@/features/accounts/components/google-button'
import { SignupForm } from '@/features/accounts/components/signup-form'
import { redirectAfterSignIn, signInOrigin } from '@/lib/auth-redirect'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useHydrated } from '@/lib/use-hydrated'

import { AuthCard } from './auth-card'

export function SignupRoute() {
  useDocumentTitle(messages.pages.signup, messages.seo.signup)
  const location = useLocation()
  const navigate = useNavigate()
  const origin = signInOrigin(location)
  const target = redirectAfterSignIn(origin)
  // Shown from the server's HTML, usable once hydrated: nothing typed is lost (issue 16).
  const hydrated = useHydrated()

  return (
    <AuthCard title={messages.pages.signup}>
      <fieldset disabled={!hydrated} className="contents">
        <SignupForm onSignedUp={() => void navigate(target, { replace: true })} />
      </fieldset>
      <p className="text-sm">
        {messages.accounts.haveAccount}{' '}
        <Link to={paths.login()} state={origin} className="link link-primary">
          {messages.accounts.pleaseLogin}
        </Link>
      </p>
      <div className="divider">{messages.accounts.or}</div>
      <fieldset disabled={!hydrated} className="contents">
        <GoogleButton callbackPath={target} />
      </fieldset>
    </AuthCard>
  )
}
