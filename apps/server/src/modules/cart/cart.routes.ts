import {
  cartContract,
  messages,
  quickOrderContract,
  QuickOrderRefusedSchema,
} from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { ReorderFlow } from '../../flows/reorder.js'
import type { CartService } from './cart.service.js'

type Deps = {
  cart: CartService
  /** Order again spans orders, catalogue and cart: a flow (src/flows/). */
  reorder: Pick<ReorderFlow, 'reorder'>
}

/**
 * GET/PUT /api/cart, DELETE /api/cart/quote/{id} and POST /api/cart/quick.
 * Any signed-in account; no limit per address (many buyers of
 * one office share one), and the answers are personal, so never cached (plugins/security.ts).
 */
export const cartRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cart, reorder }) => {
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

  app.post(
    quickOrderContract.quick.path,
    {
      onRequest: app.requireUser,
      // The text is at most QUICK_ORDER_TEXT_MAX characters; JSON escapes need some room.
      bodyLimit: 128 * 1024,
      schema: {
        tags: ['cart'],
        summary: 'Quick order: add part numbers and quantities to the cart, all or none',
        description:
          'Takes `{ text }` (lines of `PART-NUMBER quantity`, separated by spaces, tabs, commas or semicolons) or `{ lines: [{ partNumber, quantity }] }`, at most 200 lines. When every line can be had they are added to the cart and the cart is answered; otherwise 422 with `error.lines` and the cart unchanged.',
        body: quickOrderContract.quick.body,
        response: {
          200: quickOrderContract.quick.response,
          422: QuickOrderRefusedSchema,
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request, reply) => {
      const result = await cart.quick(actorOf(request), request.body)
      if ('cart' in result) return result.cart
      return reply.code(422).send({
        error: {
          code: 'LINES_REFUSED' as const,
          message: messages.errors.LINES_REFUSED,
          lines: result.refused,
        },
      })
    },
  )

  app.post(
    quickOrderContract.reorder.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Order again: a past order’s stock lines into the cart at today’s prices',
        description:
          'The buyer’s own order only (404 for anyone else). Answers the cart and the unit prices that changed since (`changed: [{ tool, name, was, now }]`, in the order’s currency).',
        params: quickOrderContract.reorder.params,
        response: {
          200: quickOrderContract.reorder.response,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => reorder.reorder(actorOf(request), request.params.id),
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
