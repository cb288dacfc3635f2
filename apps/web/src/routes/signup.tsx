import { messages } from '@toolworks/shared'

import { SignupForm } from '@/features/accounts/components/signup-form'
import { paths } from '@/lib/paths'

import { SignInPage } from './sign-in-page'

export function SignupRoute() {
  return (
    <SignInPage
      title={messages.pages.signup}
      seo={messages.seo.signup}
      form={(onSignedIn) => <SignupForm onSignedUp={onSignedIn} />}
      otherPrompt={messages.accounts.haveAccount}
      otherLabel={messages.accounts.pleaseLogin}
      otherPath={paths.login()}
    />
  )
}
