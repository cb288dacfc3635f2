import { promotionsContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { actorOf, errorResponses, sendCachedAnswer } from '../../lib/route-helpers.js'
import type { PromotionsService } from './promotions.service.js'

type Deps = { promotions: PromotionsService }

export const promotionsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { promotions }) => {
  const { listActive, listAll, create, update, remove, firstOrderEstimate } = promotionsContract

  app.get(
    firstOrderEstimate.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['promotions'],
        summary:
          "Whether the signed-in buyer's order to this phone and address gets the first-order discount",
        querystring: firstOrderEstimate.query,
        response: { 200: firstOrderEstimate.response, ...errorResponses(400, 401) },
      },
    },
    async (request) => promotions.firstOrderEstimate(actorOf(request).id, request.query),
  )

  app.get(
    listActive.path,
    {
      // The cached answer carries its own brotli and gzip copies (sendCachedAnswer).
      compress: false,
      schema: {
        tags: ['promotions'],
        summary: "The promotions active on the shop's date (the home page's offers)",
        response: { 200: listActive.response },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await promotions.listActive()),
  )

  app.get(
    listAll.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['promotions'],
        summary: 'Every promotion, past and future (admin)',
        response: { 200: listAll.response, ...errorResponses(401, 403) },
      },
    },
    async () => promotions.listAll(),
  )

  app.post(
    create.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['promotions'],
        summary: 'Add a promotion (admin)',
        body: create.body,
        response: { 201: create.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await promotions.create(actorOf(request), request.body)),
  )

  app.put(
    update.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['promotions'],
        summary: 'Edit a promotion (admin); the edited promotion must hold together',
        params: update.params,
        body: update.body,
        response: { 200: update.response, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => promotions.update(actorOf(request), request.params.id, request.body),
  )

  app.delete(
    remove.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['promotions'],
        summary: 'Delete a promotion (admin)',
        params: remove.params,
        response: { 200: remove.response, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => promotions.remove(actorOf(request), request.params.id),
  )
}
