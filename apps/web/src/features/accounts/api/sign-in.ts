import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import type { LoginBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { afterSignIn } from './after-sign-in'

const signInEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-in/email',
  body: z.object({ email: z.string(), password: z.string() }),
  response: z.unknown(),
} as const

export async function signIn(body: LoginBody): Promise<void> {
  await api.call(signInEndpoint, { body })
}

/** Email and password sign-in; on success the token is stored and the session reloaded. */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      await signIn(body)
      await afterSignIn(queryClient, body.email)
    },
  })
}
