import { reviewsContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { perAddress } from '../../lib/rate-limits.js'
import { actorOf, errorResponses, sendCachedAnswer } from '../../lib/route-helpers.js'
import type { ReviewsService } from './reviews.service.js'

type Deps = { reviews: ReviewsService }

export const reviewsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { reviews }) => {
  const { list, add } = reviewsContract

  app.get(
    list.path,
    {
      // The cached answer carries its own brotli and gzip copies (sendCachedAnswer).
      compress: false,
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of the company, newest first',
        querystring: list.query,
        response: { 200: list.response, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await reviews.list(request.query)),
  )

  app.post(
    add.path,
    {
      onRequest: app.requireUser,
      config: perAddress('reviews'),
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (customer)',
        body: add.body,
        response: { 201: add.response, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reviews.add(actorOf(request), request.body)),
  )
}
