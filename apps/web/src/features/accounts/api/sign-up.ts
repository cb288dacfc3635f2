import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import type { SignupBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { afterSignIn } from './after-sign-in'

const signUpEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-up/email',
  body: z.object({ name: z.string(), email: z.string(), password: z.string() }),
  response: z.unknown(),
} as const

/** The server's answer for an ADMIN_EMAILS address: no session until its mailbox is proven. */
const ConfirmEmailAnswer = z.object({ confirmEmail: z.literal(true) })

/**
 * Creates the account with its display name; the server sends the verification email.
 * 'check-mailbox': nobody is signed in yet (an address that runs the shop, issue 25).
 */
export async function signUp(body: SignupBody): Promise<'signed-in' | 'check-mailbox'> {
  const answer = await api.call(signUpEndpoint, { body })
  return ConfirmEmailAnswer.safeParse(answer).success ? 'check-mailbox' : 'signed-in'
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: SignupBody) => {
      const outcome = await signUp(body)
      if (outcome === 'signed-in') await afterSignIn(queryClient, body.email)
      return outcome
    },
  })
}
