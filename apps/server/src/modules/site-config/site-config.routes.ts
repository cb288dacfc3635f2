import { siteConfigContract, type PublicConfig } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import type { Config } from '../../config.js'

/** GET /api/config: the public facts the web app needs (is Google set up, which payments). */
export const siteConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const body: PublicConfig = {
    googleSignIn: config.google !== undefined,
    payments: config.stripe ? 'stripe' : 'sandbox',
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    orderHoldHours: config.orderHoldHours,
    vatRatePercent: config.tax.vatPercent,
  }
  const { get } = siteConfigContract
  app.get(
    get.path,
    { schema: { tags: ['site'], response: { 200: get.response } } },
    async () => body,
  )
}
