import { siteConfigContract, type PublicConfig } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** GET /api/config: the public facts the web app needs (`public-config.ts`). */
export const siteConfigRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (
  app,
  { publicConfig },
) => {
  const { get } = siteConfigContract
  app.get(
    get.path,
    { schema: { tags: ['site'], response: { 200: get.response } } },
    async () => publicConfig,
  )
}
