import type { PublicConfig } from '@toolworks/shared'

import type { Config } from '../../config.js'

/** What the payments module runs, as the app decided it (app.ts). */
export type PaymentsSetup = {
  card: 'stripe' | 'sandbox' | undefined
  /** Whether any payment backend runs in test mode. */
  simulated: boolean
}

/**
 * The public facts the web app needs (is Google set up, which payments, whether money moves):
 * answered by GET /api/config and carried in every page's data block, one object for both.
 */
export function publicConfigOf(config: Config, payments: PaymentsSetup): PublicConfig {
  return {
    googleSignIn: config.google !== undefined,
    payments: payments.card ?? 'none',
    simulatedPayments: payments.simulated,
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    orderHoldHours: config.orderHoldHours,
    vatRatePercent: config.tax.vatPercent,
  }
}
