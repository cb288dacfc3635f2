import { statsContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { errorResponses } from '../../lib/route-helpers.js'
import type { StatsService } from './stats.service.js'

type Deps = { stats: StatsService }

export const statsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { stats }) => {
  const { overview } = statsContract

  app.get(
    overview.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stats'],
        summary:
          'The admin overview: paid revenue per shop day, orders by status, top tools, low stock, quotes waiting and refunds still open (days 7, 30 or 90)',
        querystring: overview.query,
        response: { 200: overview.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const answer = await stats.overview(request.query.days)
      return reply.header('Cache-Control', 'private, no-store').send(answer)
    },
  )
}
