import type { QueryClient } from '@tanstack/react-query'

import { fetchAccessToken, forgetUser, sessionQuery } from '@/lib/auth'

/** docs/product.md §4: after any sign-in, get and store the API token, then load the new session. */
export async function afterSignIn(queryClient: QueryClient, email: string): Promise<void> {
  await fetchAccessToken(email)
  forgetUser(queryClient)
  await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 })
}
