import { queryOptions, useQuery } from '@tanstack/react-query'

import { accountsContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const getProfile = (email: string, signal?: AbortSignal) =>
  api.call(accountsContract.profile, { query: { email }, signal })

export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: ['profile', email],
    queryFn: ({ signal }) => getProfile(email, signal),
    meta: bearerMeta,
  })

export const useProfile = (email: string) =>
  useQuery({ ...profileQuery(email), enabled: email !== '' })
