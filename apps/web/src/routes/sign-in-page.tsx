import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'

import { messages } from '@toolworks/shared'

import { GoogleButton } from '@/features/accounts/components/google-button'
import { redirectAfterSignIn, signInOrigin } from '@/lib/auth-redirect'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useHydrated } from '@/lib/use-hydrated'

import { AuthCard } from './auth-card'

/**
 * Login and Sign Up: the card, the form, the link to the other one, and Google. Both send the
 * visitor back where they came from (lib/auth-redirect.ts) once signed in.
 */
export function SignInPage({
  title,
  seo,
  form,
  otherPrompt,
  otherLabel,
  otherPath,
}: {
  title: string
  seo: string
  /** The page's form, given what to do once the visitor is signed in. */
  form: (onSignedIn: () => void) => ReactNode
  otherPrompt: string
  otherLabel: string
  otherPath: string
}) {
  useDocumentTitle(title, seo)
  const location = useLocation()
  const navigate = useNavigate()
  const origin = signInOrigin(location)
  const target = redirectAfterSignIn(origin)
  // Shown from the server's HTML, usable once hydrated: nothing typed is lost.
  const hydrated = useHydrated()

  return (
    <AuthCard title={title}>
      <fieldset disabled={!hydrated} className="contents">
        {form(() => void navigate(target, { replace: true }))}
      </fieldset>
      <p className="text-sm">
        {otherPrompt}{' '}
        <Link to={otherPath} state={origin} className="link link-primary">
          {otherLabel}
        </Link>
      </p>
      <div className="divider">{messages.accounts.or}</div>
      <fieldset disabled={!hydrated} className="contents">
        <GoogleButton callbackPath={target} />
      </fieldset>
    </AuthCard>
  )
}
