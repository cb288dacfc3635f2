import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import { clearAccessToken } from './access-token'
import { api } from './api-client'

// Better Auth's own endpoints (DESIGN.md, identity). Only the fields the app reads are named;
// TODO(accounts issue): move the session schema into @toolworks/shared/accounts.
const SessionSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string().nullish(),
      image: z.string().nullish(),
    }),
  })
  .nullable()

export type SessionUser = NonNullable<z.infer<typeof SessionSchema>>['user']

const authContract = {
  getSession: { method: 'GET', path: '/api/auth/get-session', response: SessionSchema },
  signOut: {
    method: 'POST',
    path: '/api/auth/sign-out',
    body: z.object({}),
    response: z.unknown(),
  },
} as const

/** The signed-in user, or null. Any failure to ask counts as signed out. */
export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const session = await api.call(authContract.getSession, { signal })
    return session?.user ?? null
  } catch (error) {
    if (signal?.aborted) throw error
    return null
  }
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    retry: false,
  })

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser }

export function useSession(): Session {
  const { data } = useQuery(sessionQuery())
  if (data === undefined) return { status: 'loading', user: null }
  return data ? { status: 'signed-in', user: data } : { status: 'signed-out', user: null }
}

/** Signs out at the identity provider and forgets the API token (SPEC.md §4). */
export async function signOut(): Promise<void> {
  try {
    await api.call(authContract.signOut, { body: {} })
  } finally {
    // The token is removed even when the provider cannot be reached.
    clearAccessToken()
  }
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.setQueryData(sessionQuery().queryKey, null),
  })
}
