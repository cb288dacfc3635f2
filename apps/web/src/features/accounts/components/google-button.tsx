import { messages } from '@toolworks/shared'

import { getErrorMessage } from '@/lib/get-error-message'

import { GoogleNotConfiguredError, useGoogleSignIn } from '../api/sign-in-social'

/** Continue with Google; says so when the shop has no Google sign-in configured. */
export function GoogleButton({ callbackPath }: { callbackPath: string }) {
  const google = useGoogleSignIn()
  const error = google.error
  const text =
    error instanceof GoogleNotConfiguredError
      ? messages.accounts.googleNotConfigured
      : error
        ? getErrorMessage(error)
        : null

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-outline w-full"
        disabled={google.isPending}
        onClick={() => google.mutate(callbackPath)}
      >
        {messages.accounts.continueWithGoogle}
      </button>
      {text && (
        <p role="alert" className="text-sm font-semibold text-error">
          {text}
        </p>
      )}
    </div>
  )
}
