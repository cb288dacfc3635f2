import { healthContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import type { Database } from '../../db/client.js'

type Deps = { database: Pick<Database, 'ping'> }

export const healthRoutes: FastifyPluginAsyncZod<Deps> = async (app, { database }) => {
  const { get } = healthContract
  app.get(
    get.path,
    {
      schema: {
        tags: ['health'],
        summary: '200 when the database answers, 503 otherwise',
        response: { 200: get.response, 503: get.response },
      },
    },
    async (_request, reply) => {
      const up = await database.ping()
      reply.header('Cache-Control', 'no-store')
      return up
        ? reply.code(200).send({ status: 'ok', database: 'up' })
        : reply.code(503).send({ status: 'unavailable', database: 'down' })
    },
  )
}
