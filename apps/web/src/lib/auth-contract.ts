import { accountsContract } from '@toolworks/shared'
import { z } from 'zod'

// Loaded by auth.tsx on its first call, so zod stays out of the first load.

// Better Auth's own endpoints (docs/decisions/0002-better-auth-bearer-token.md). Only the fields the app reads are named.
const SessionSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string().nullish(),
      image: z.string().nullish(),
      emailVerified: z.boolean().nullish(),
      role: z.string().nullish(),
    }),
  })
  .nullable()

export type SessionUser = NonNullable<z.infer<typeof SessionSchema>>['user']

export const authContract = {
  getSession: { method: 'GET', path: '/api/auth/get-session', response: SessionSchema },
  signOut: {
    method: 'POST',
    path: '/api/auth/sign-out',
    body: z.object({}),
    response: z.unknown(),
  },
} as const

// The shared contract names the path; the body `{ email }` is what docs/product.md §7 sends.
export const tokenEndpoint = { ...accountsContract.token, body: z.object({ email: z.string() }) }

export { accountsContract }
