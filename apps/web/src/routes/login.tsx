import { Link, useLocation, useNavigate } from 'react-router'

import { messages } from '@toolworks/shared'

import { GoogleButton } from '@/features/accounts/components/google-button'
import { LoginForm } from '@/features/accounts/components/login-form'
import { redirectAfterSignIn } from '@/lib/auth-redirect'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

import { AuthCard } from './auth-card'

export function LoginRoute() {
  useDocumentTitle(messages.pages.login, messages.seo.login)
  const location = useLocation()
  const navigate = useNavigate()
  const target = redirectAfterSignIn(location.state)

  return (
    <AuthCard title={messages.pages.login}>
      <LoginForm onSignedIn={() => void navigate(target, { replace: true })} />
      <p className="text-sm">
        {messages.accounts.newToSite}{' '}
        <Link to={paths.signup()} state={location.state as unknown} className="link link-primary">
          {messages.accounts.createAccount}
        </Link>
      </p>
      <div className="divider">{messages.accounts.or}</div>
      <GoogleButton callbackPath={target} />
    </AuthCard>
  )
}
