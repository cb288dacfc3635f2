import { z } from 'zod'

/** What the browser may know about how this shop is configured; never a secret. */
export const PublicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  payments: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.string().nullable(),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>

export const siteConfigContract = {
  get: { method: 'GET', path: '/api/config', response: PublicConfigSchema },
} as const
