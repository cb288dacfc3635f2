import { quotesContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { QuoteAcceptanceService } from './quote-acceptance.service.js'

type Deps = { acceptance: QuoteAcceptanceService }

/** POST /api/quote/{id}/accept: the buyer puts a quoted line in their cart. */
export const quoteAcceptanceRoutes: FastifyPluginAsyncZod<Deps> = async (app, { acceptance }) => {
  const c = quotesContract.accept

  app.post(
    c.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Accept one quantity line of the latest quote: it goes into the buyer’s cart',
        params: c.params,
        body: c.body,
        response: { 200: c.response, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => acceptance.accept(actorOf(request), request.params.id, request.body),
  )
}
