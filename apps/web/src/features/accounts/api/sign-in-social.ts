import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import { api } from '@/lib/api-client'
import { browser } from '@/lib/browser'
import { siteConfigQuery } from '@/lib/site-config'

const socialEndpoint = {
  method: 'POST',
  path: '/api/auth/sign-in/social',
  body: z.object({ provider: z.literal('google'), callbackURL: z.string() }),
  response: z.object({ url: z.string(), redirect: z.boolean().optional() }),
} as const

export class GoogleNotConfiguredError extends Error {
  override name = 'GoogleNotConfiguredError'
}

/** Asks for Google's sign-in address; `callbackPath` is where the app lands afterwards. */
export async function getGoogleSignInUrl(callbackPath: string): Promise<string> {
  const { url } = await api.call(socialEndpoint, {
    body: { provider: 'google', callbackURL: new URL(callbackPath, window.location.origin).href },
  })
  return url
}

/** Continue with Google: only when GET /api/config says the shop has it configured. */
export function useGoogleSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (callbackPath: string) => {
      const config = await queryClient.fetchQuery(siteConfigQuery())
      if (!config.googleSignIn) throw new GoogleNotConfiguredError()
      browser.assign(await getGoogleSignInUrl(callbackPath))
    },
  })
}
