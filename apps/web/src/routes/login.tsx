import { Link, useLocation, useNavigate } from 'react-router'

import { messages } from '@toolworks/shared'

import { GoogleButton } from '@/features/accounts/components/google-button'
import { LoginForm } from '@/features/accounts/components/login-form'
import { redirectAfterSignIn, signInOrigin } from '@/lib/auth-redirect'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useHydrated } from '@/lib/use-hydrated'

import { AuthCard } from './auth-card'

export function LoginRoute() {
  useDocumentTitle(messages.pages.login, messages.seo.login)
  const location = useLocation()
  const navigate = useNavigate()
  const origin = signInOrigin(location)
  const target = redirectAfterSignIn(origin)
  // Shown from the server's HTML, usable once hydrated: nothing typed is lost (issue 16).
  const hydrated = useHydrated()

  return (
    <AuthCard title={messages.pages.login}>
      <fieldset disabled={!hydrated} className="contents">
        <LoginForm onSignedIn={() => void navigate(target, { replace: true })} />
      </fieldset>
      <p className="text-sm">
        {messages.accounts.newToSite}{' '}
        <Link to={paths.signup()} state={origin} className="link link-primary">
          {messages.accounts.createAccount}
        </Link>
      </p>
      <div className="divider">{messages.accounts.or}</div>
      <fieldset disabled={!hydrated} className="contents">
        <GoogleButton callbackPath={target} />
      </fieldset>
    </AuthCard>
  )
}
