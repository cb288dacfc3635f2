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

/** Creates the account with its display name; the server sends the verification email. */
export async function signUp(body: SignupBody): Promise<void> {
  await api.call(signUpEndpoint, { body })
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: SignupBody) => {
      await signUp(body)
      await afterSignIn(queryClient, body.email)
    },
  })
}
