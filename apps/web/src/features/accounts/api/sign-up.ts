import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { z } from 'zod'

import type { SignupBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { ApiError } from '@/lib/api-error'

import { afterSignIn } from './after-sign-in'
import { signIn } from './sign-in'

const signUpEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-up/email',
  body: z.object({ name: z.string(), email: z.string(), password: z.string() }),
  response: z.unknown(),
} as const

/**
 * Creates the account with its display name; the server sends the verification email. The
 * answer is the same whether the address had an account or not, and signs nobody in.
 */
export async function signUp(body: SignupBody): Promise<void> {
  await api.call(signUpEndpoint, { body })
}

/**
 * Sign-in refusals after a sign-up that mean "not with these details, not yet": the address had
 * an account with another password, or it runs the shop and its mailbox must be proven first.
 * Either way its mailbox has been written to.
 */
const CHECK_MAILBOX_CODES: readonly string[] = ['INVALID_EMAIL_OR_PASSWORD', 'EMAIL_NOT_VERIFIED']

/** The sign-up was answered, then signing in failed for a reason that may pass. */
export class SignInAfterSignUpError extends Error {
  override name = 'SignInAfterSignUpError'
  constructor(readonly reason: unknown) {
    super('signing in after sign-up failed')
  }
}

/**
 * Signs up, then signs in with the same e-mail and password, as the login form does.
 * 'check-mailbox': that sign-in was refused (see CHECK_MAILBOX_CODES). Any other failure of
 * the sign-in is a SignInAfterSignUpError; pressing SIGNUP again with the same details then
 * only signs in, so the address's owner is not told twice that someone signed up.
 */
export function useSignUp() {
  const queryClient = useQueryClient()
  const answered = useRef<string | null>(null)
  return useMutation({
    mutationFn: async (body: SignupBody): Promise<'signed-in' | 'check-mailbox'> => {
      const details = JSON.stringify([body.name, body.email, body.password])
      if (answered.current !== details) {
        await signUp(body)
        answered.current = details
      }
      try {
        await signIn({ email: body.email, password: body.password })
      } catch (error) {
        const code = error instanceof ApiError ? (error.providerCode ?? error.code) : ''
        if (CHECK_MAILBOX_CODES.includes(code)) return 'check-mailbox'
        throw new SignInAfterSignUpError(error)
      }
      try {
        await afterSignIn(queryClient, body.email)
      } catch (error) {
        throw new SignInAfterSignUpError(error)
      }
      return 'signed-in'
    },
  })
}
