import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { api } from '@/lib/api-client'
import { paths } from '@/lib/paths'

const requestResetEndpoint = {
  method: 'POST',
  path: '/api/auth/request-password-reset',
  body: z.object({ email: z.string(), redirectTo: z.string() }),
  response: z.unknown(),
} as const

/** Emails a one-time link to /reset-password; the answer is the same for unknown emails. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.call(requestResetEndpoint, { body: { email, redirectTo: paths.resetPassword() } })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
