import { queryOptions, useQuery } from '@tanstack/react-query'

import { accountsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getUsers = (signal?: AbortSignal) => api.call(accountsContract.users, { signal })

/** All users, newest first (the server's order). */
export const usersQuery = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => getUsers(signal),
    meta: bearerMeta,
  })

export const useUsers = () => useQuery(usersQuery())
