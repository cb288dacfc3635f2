import { Link, useSearchParams } from 'react-router'

import { messages } from '@toolworks/shared'

import { ResetPasswordForm } from '@/features/accounts/components/reset-password-form'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

import { AuthCard } from './auth-card'

/**
 * Where the emailed reset link lands: `?token=` sets a new password, `?error=` explains.
 * `&confirmed=1`: the verification link of an address that runs the shop led here: the address is confirmed and its owner chooses the password to log in with.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const confirmed = params.get('confirmed') === '1'
  const title = confirmed ? messages.accounts.choosePassword : messages.pages.resetPassword
  useDocumentTitle(title)

  return (
    <AuthCard title={title}>
      {token && !params.get('error') ? (
        <>
          {confirmed && <p role="status">{messages.accounts.addressConfirmed}</p>}
          <ResetPasswordForm token={token} />
        </>
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
