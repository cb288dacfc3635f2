import { messages } from '@toolworks/shared'

import { ApiError } from '@/lib/api-error'

const m = messages.accounts

/** An identity error as a human sentence (never a raw code). */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return m.signInFailed
  // The e-mail's sign-ins are over their limit: when to try again, or reset.
  if (error.status === 429 && error.retryAfterMs !== undefined)
    return m.tooManySignIns(Math.max(1, Math.ceil(error.retryAfterMs / 60_000)))
  if (error.status === 429) return m.tooManyAttempts
  const code = error.providerCode ?? ''
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return m.wrongCredentials
  return error.message || m.signInFailed
}
