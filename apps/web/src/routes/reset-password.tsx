import { Link, useSearchParams } from 'react-router'

import { messages } from '@toolworks/shared'

import { ResetPasswordForm } from '@/features/accounts/components/reset-password-form'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

import { AuthCard } from './auth-card'

/** Where the emailed reset link lands: `?token=` sets a new password, `?error=` explains. */
export function ResetPasswordRoute() {
  useDocumentTitle(messages.pages.resetPassword)
  const [params] = useSearchParams()
  const token = params.get('token')

  return (
    <AuthCard title={messages.pages.resetPassword}>
      {token && !params.get('error') ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <p role="alert" className="font-semibold text-error">
            {messages.accounts.resetLinkInvalid}
          </p>
          <Link to={paths.login()} className="link link-primary">
            {messages.accounts.backToLogin}
          </Link>
        </>
      )}
    </AuthCard>
  )
}
