import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { api } from '@/lib/api-client'
import { paths } from '@/lib/paths'

const sendVerificationEndpoint = {
  method: 'POST',
  path: '/api/auth/send-verification-email',
  body: z.object({ email: z.string(), callbackURL: z.string() }),
  response: z.unknown(),
} as const

/** Sends the verification link again; following it lands on the dashboard. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await api.call(sendVerificationEndpoint, {
    body: { email, callbackURL: paths.dashboard.root() },
  })
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail })
}
