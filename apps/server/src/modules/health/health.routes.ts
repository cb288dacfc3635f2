import { healthContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import type { Redis } from 'ioredis'

import type { Database } from '../../db/client.js'

type Deps = { database: Pick<Database, 'ping'>; redis?: Pick<Redis, 'status'> }

export const healthRoutes: FastifyPluginAsyncZod<Deps> = async (app, { database, redis }) => {
  const { get } = healthContract
  app.get(
    get.path,
    {
      schema: {
        tags: ['health'],
        summary: '200 when the database answers, 503 otherwise; says whether Redis is up when used',
        response: { 200: get.response, 503: get.response },
      },
    },
    async (_request, reply) => {
      const up = await database.ping()
      reply.header('Cache-Control', 'no-store')
      // The client's own view: 'ready' once connected, anything else while it reconnects.
      const cache = redis && {
        redis: redis.status === 'ready' ? ('up' as const) : ('down' as const),
      }
      return up
        ? reply.code(200).send({ status: 'ok', database: 'up', ...cache })
        : reply.code(503).send({ status: 'unavailable', database: 'down', ...cache })
    },
  )
}
