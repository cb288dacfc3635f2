import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'
import { useNavigate } from 'react-router'

import { clearAccessToken, getAccessToken, setAccessToken } from './access-token'
import { api, lazyEndpoint } from './api-client'
import { ApiError, isTransient } from './api-error'
import type { SessionUser } from './auth-contract'
import { retryDelay, retryTransient } from './retry'

export type { SessionUser }

// The contracts (and zod) load with the first call, not with the first screen.
const endpoints = () => import('./auth-contract')
const getSessionEndpoint = lazyEndpoint(() => endpoints().then((m) => m.authContract.getSession))
const signOutEndpoint = lazyEndpoint(() => endpoints().then((m) => m.authContract.signOut))
const tokenEndpoint = lazyEndpoint(() => endpoints().then((m) => m.tokenEndpoint))
const isAdminEndpoint = lazyEndpoint(() => endpoints().then((m) => m.accountsContract.isAdmin))

/**
 * docs/product.md §4: after any sign-in the client asks the server for a token and keeps it as
 * `accessToken`. The call is authenticated by the session cookie.
 */
export async function fetchAccessToken(email: string): Promise<string> {
  const { token } = await api.call(tokenEndpoint, { params: { email }, body: { email } })
  setAccessToken(token)
  return token
}

/**
 * The signed-in user, or null. Only a definite answer means signed out: a null session, a 401,
 * or another refusal that asking again cannot change. A transient failure (no connection, 429,
 * 5xx) is thrown, so the query asks again and nobody is signed out by a passing hiccup (issue
 * 13, M7). A session without a stored token (a reload after the token was lost, a Google
 * sign-in) gets one here.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  let user: SessionUser | null
  try {
    const session = await api.call(getSessionEndpoint, { signal })
    user = session?.user ?? null
  } catch (error) {
    if (signal?.aborted || isTransient(error)) throw error
    return null
  }
  if (user && !getAccessToken()) {
    try {
      await fetchAccessToken(user.email)
    } catch (error) {
      if (signal?.aborted || isTransient(error)) throw error
      // Refused: without a token the bearer calls answer 401, which signs the user out.
    }
  }
  return user
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    retry: retryTransient,
    retryDelay,
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

/**
 * docs/product.md §6: whether the email is an admin (bearer). A refusal (403, or a 401 for a token the
 * server does not take) is a definite "no"; a transient failure is no answer and is asked again.
 */
async function isAdmin(email: string, signal: AbortSignal): Promise<{ admin: boolean }> {
  try {
    return await api.call(isAdminEndpoint, { params: { email }, signal })
  } catch (error) {
    if (error instanceof ApiError && !isTransient(error)) return { admin: false }
    throw error
  }
}

export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) => isAdmin(email, signal),
    select: (answer) => answer.admin,
    staleTime: 5 * 60_000,
    retry: retryTransient,
    retryDelay,
  })

export type AdminStatus = 'loading' | 'admin' | 'not-admin'

/**
 * 'admin' or 'not-admin' only on the server's answer. While the check is failing for a passing
 * reason it stays 'loading' (or keeps the last answer): a failure to ask is not "not admin",
 * and RequireAdmin signs out only on 'not-admin'.
 */
export function useIsAdmin(): AdminStatus {
  const session = useSession()
  const email = session.user?.email ?? ''
  const { data } = useQuery({ ...adminQuery(email), enabled: email !== '' })
  if (session.status === 'signed-out') return 'not-admin'
  if (session.status === 'loading') return 'loading'
  if (data === undefined) return 'loading'
  return data ? 'admin' : 'not-admin'
}

/** Signs out at the identity provider and forgets the API token (docs/product.md §4). */
export async function signOut(): Promise<void> {
  try {
    await api.call(signOutEndpoint, { body: {} })
  } finally {
    // The token is removed even when the provider cannot be reached.
    clearAccessToken()
  }
}

/**
 * Marks a query that only means something for the signed-in user (a personal answer behind a
 * bearer token): it is dropped at sign-out instead of being asked again.
 */
export const signedInOnlyMeta = { signedInOnly: true } as const

/** After signing out: nobody is signed in and nothing of theirs stays in the cache. */
export function forgetUser(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQuery().queryKey, null)
  const notSession = (query: Query) => query.queryKey[0] !== 'session'
  // The admin check and the server's cart need a signed-in user: asking them again now could
  // only earn a 401. useIsAdmin answers 'not-admin' from the signed-out session without it, and
  // the cart falls back to the browser's copy.
  const needsUser = (query: Query) =>
    query.queryKey[0] === adminQuery('').queryKey[0] || query.meta?.signedInOnly === true
  queryClient.removeQueries({
    predicate: (query) =>
      notSession(query) && (query.getObserversCount() === 0 || needsUser(query)),
  })
  // A screen already on the page (the one a sign-out went to) keeps watching its queries: a
  // removed one would leave it waiting forever, so these are emptied and asked again instead.
  void queryClient.resetQueries({
    predicate: (query) => notSession(query) && query.getObserversCount() > 0,
  })
}

/**
 * Goes to `to` and only then forgets the user. `flushSync`: the new screen is on the page when
 * the navigation resolves. Otherwise React renders it later (a transition), the guard of the
 * page being left still sees the signed-out state first, and its redirect to /login wins.
 */
export async function leaveSignedOut(
  navigate: ReturnType<typeof useNavigate>,
  queryClient: QueryClient,
  to: string,
): Promise<void> {
  await navigate(to, { flushSync: true })
  forgetUser(queryClient)
}

/** Sign out; with `redirectTo` the app goes there before the signed-out state shows. */
export function useSignOut({ redirectTo }: { redirectTo?: string } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      if (redirectTo !== undefined) await leaveSignedOut(navigate, queryClient, redirectTo)
      else forgetUser(queryClient)
    },
  })
}
