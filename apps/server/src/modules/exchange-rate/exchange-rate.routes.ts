import { exchangeRateContract as c } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { ExchangeRateService } from './exchange-rate.service.js'

/** The taka rate: public to read, set by admins, every change kept. */
export const exchangeRateRoutes: FastifyPluginAsyncZod<{ rates: ExchangeRateService }> = async (
  app,
  { rates },
) => {
  app.get(
    c.current.path,
    {
      schema: {
        tags: ['exchange-rate'],
        summary: 'The taka per US dollar in force today (404 until an admin sets one)',
        response: { 200: c.current.response, ...errorResponses(404) },
      },
    },
    async () => rates.currentOrRefuse(),
  )

  app.put(
    c.set.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['exchange-rate'],
        summary:
          'Set the taka rate (50–500) and the date it applies from (admin); a change of more than 10% needs confirm: true (409 without)',
        body: c.set.body,
        response: { 200: c.set.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => rates.set(actorOf(request), request.body),
  )

  app.get(
    c.history.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['exchange-rate'],
        summary: 'Every change of the taka rate, newest first (admin)',
        response: { 200: c.history.response, ...errorResponses(401, 403) },
      },
    },
    async () => rates.history(),
  )
}
