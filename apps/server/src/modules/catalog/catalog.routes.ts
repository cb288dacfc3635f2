import { catalogContract, ErrorBodySchema } from '@toolworks/shared'

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import type { CatalogueReadLimit } from '../../lib/rate-limits.js'
import { actorOf, errorResponses, sendCachedAnswer } from '../../lib/route-helpers.js'
import type { CatalogService } from './catalog.service.js'

type Deps = {
  catalog: CatalogService
  /** The catalogue's per-address read limit, shared with the search routes (lib/rate-limits.ts). */
  readLimit: CatalogueReadLimit
}

export const catalogRoutes: FastifyPluginAsyncZod<Deps> = async (app, { catalog, readLimit }) => {
  const { list, getOne, create, remove, update } = catalogContract

  app.get(
    list.path,
    {
      // The cached answer carries its own brotli and gzip copies (sendCachedAnswer).
      compress: false,
      onRequest: readLimit,
      schema: {
        tags: ['catalog'],
        summary: 'Tools on sale: a page, or a search (q, category, spec.<key>, inStock, sort)',
        querystring: list.query,
        response: { 200: list.response, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await catalog.list(request.query)),
  )

  app.get(
    getOne.path,
    {
      // The cached answer carries its own brotli and gzip copies (sendCachedAnswer).
      compress: false,
      schema: {
        tags: ['catalog'],
        summary: 'One tool',
        params: getOne.params,
        response: { 200: getOne.response, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await catalog.getOne(request.params.id)),
  )

  app.put(
    update.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Edit a tool (admin)',
        params: update.params,
        body: update.body,
        response: {
          200: update.response,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => catalog.update(actorOf(request), request.params.id, request.body),
  )

  app.post(
    create.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Add a tool (admin)',
        body: create.body,
        response: { 201: create.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalog.create(actorOf(request), request.body)),
  )

  app.delete(
    remove.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Take a tool off sale (admin); its orders are kept',
        params: remove.params,
        response: { 200: remove.response, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => catalog.remove(actorOf(request), request.params.id),
  )
}
