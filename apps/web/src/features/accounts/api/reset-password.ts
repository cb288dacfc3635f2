import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { api } from '@/lib/api-client'

const resetEndpoint = {
  method: 'POST',
  path: '/api/auth/reset-password',
  body: z.object({ token: z.string(), newPassword: z.string() }),
  response: z.unknown(),
} as const

export type ResetPasswordInput = { token: string; newPassword: string }

export async function resetPassword(body: ResetPasswordInput): Promise<void> {
  await api.call(resetEndpoint, { body })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
