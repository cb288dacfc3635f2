import { auditContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { errorResponses } from '../../lib/route-helpers.js'
import type { AuditService } from './audit.service.js'

type Deps = { audit: AuditService }

export const auditRoutes: FastifyPluginAsyncZod<Deps> = async (app, { audit }) => {
  const { list } = auditContract

  app.get(
    list.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'The audit log (admin): who changed what, newest first, filtered and paged',
        querystring: list.query,
        response: { 200: list.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Who did what in the shop: never kept by a browser, proxy or CDN.
      reply.header('Cache-Control', 'private, no-store')
      return audit.list(request.query)
    },
  )
}
