import { messages } from '@toolworks/shared'

import { LoginForm } from '@/features/accounts/components/login-form'
import { paths } from '@/lib/paths'

import { SignInPage } from './sign-in-page'

export function LoginRoute() {
  return (
    <SignInPage
      title={messages.pages.login}
      seo={messages.seo.login}
      form={(onSignedIn) => <LoginForm onSignedIn={onSignedIn} />}
      otherPrompt={messages.accounts.newToSite}
      otherLabel={messages.accounts.createAccount}
      otherPath={paths.signup()}
    />
  )
}
