import { z } from 'zod'

/** What the browser may know about how this shop is configured; never a secret. */
export const PublicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** The card provider: Stripe, the sandbox, or none (a production shop without Stripe's key). */
  payments: z.enum(['sandbox', 'stripe', 'none']),
  /**
   * Whether any payment backend runs in test mode (the card sandbox, a stand-in, a sandbox
   * gateway, demo bank details): every page then says no money moves.
   */
  simulatedPayments: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  /**
   * How long a verified account's unpaid order holds its stock, in hours (ORDER_HOLD_HOURS):
   * the order pages tell an unverified buyer what verifying gains.
   */
  orderHoldHours: z.number(),
  /** The VAT rate list prices include in Bangladesh (VAT_RATE_PERCENT): the cart's estimate. */
  vatRatePercent: z.number(),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>

export const siteConfigContract = {
  get: { method: 'GET', path: '/api/config', response: PublicConfigSchema },
} as const
