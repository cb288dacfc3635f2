import { useMutation, useQueryClient } from '@tanstack/react-query'

import { accountsContract, type UpdateProfileRequest } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { profileQuery } from './get-profile'

export const updateProfile = (email: string, body: UpdateProfileRequest) =>
  api.call(accountsContract.updateProfile, { query: { email }, body })

/** PUT /api/updateduser; refreshes the profile. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => updateProfile(email, body),
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery(email).queryKey }),
  })
}
