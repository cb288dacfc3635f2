import { useMutation, useQueryClient } from '@tanstack/react-query'

import { accountsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'

import { usersQuery } from './get-users'

export const makeAdmin = (email: string) =>
  api.call(accountsContract.makeAdmin, { params: { email } })

/**
 * PUT /api/user/admin/{email}; refreshes the user list. Its 403 is a toast (docs/product.md §8), so
 * it does not carry the sign-out-on-denied meta.
 */
export function useMakeAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (answer) =>
      answer.modifiedCount > 0
        ? queryClient.invalidateQueries({ queryKey: usersQuery().queryKey })
        : undefined,
  })
}
