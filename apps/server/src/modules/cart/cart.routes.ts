import { cartContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { CartService } from './cart.service.js'

type Deps = { cart: CartService }

/**
 * GET/PUT /api/cart (issue 14) and DELETE /api/cart/quote/{id} (issue 26). Any signed-in account; no limit per address (many buyers of
 * one office share one), and the answers are personal, so never cached (plugins/security.ts).
 */
export const cartRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cart }) => {
  const c = cartContract

  app.get(
    c.get.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'The signed-in buyer’s cart',
        response: { 200: c.get.response, ...errorResponses(401, 403) },
      },
    },
    async (request) => cart.get(actorOf(request)),
  )

  app.put(
    c.put.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Replace the whole cart',
        body: c.put.body,
        response: { 200: c.put.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => cart.put(actorOf(request), request.body),
  )

  app.delete(
    c.removeQuote.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Remove an accepted quote’s line: the quote goes back to Quoted',
        params: c.removeQuote.params,
        response: { 200: c.removeQuote.response, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cart.removeQuote(actorOf(request), request.params.id),
  )
}
