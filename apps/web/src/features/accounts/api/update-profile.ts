import { useMutation, useQueryClient } from '@tanstack/react-query'

import { accountsContract, type UpdateProfileBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { profileQuery } from './get-profile'

export const updateProfile = (email: string, body: UpdateProfileBody) =>
  api.call(accountsContract.updateProfile, { query: { email }, body })

/** PUT /api/updateduser; refreshes the profile. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(email, body),
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery(email).queryKey }),
  })
}
