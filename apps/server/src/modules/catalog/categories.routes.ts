import { categoryContract } from '@toolworks/shared'

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { errorResponses } from '../../lib/route-helpers.js'
import type { CategoryService } from './categories.service.js'

type Deps = { categories: CategoryService }

/** The category tree: public to read, the admin's to change. */
export const categoryRoutes: FastifyPluginAsyncZod<Deps> = async (app, { categories }) => {
  const { list, create, update, remove } = categoryContract

  app.get(
    list.path,
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree, parents before their sub-categories',
        response: { 200: list.response },
      },
    },
    async () => categories.list(),
  )

  app.post(
    create.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Add a category (admin)',
        body: create.body,
        response: { 201: create.response, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await categories.create(request.body)),
  )

  app.put(
    update.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Change a category (admin)',
        params: update.params,
        body: update.body,
        response: { 200: update.response, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => categories.update(request.params.slug, request.body),
  )

  app.delete(
    remove.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete an empty category (admin); 409 while it has tools or sub-categories',
        params: remove.params,
        response: { 200: remove.response, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => categories.remove(request.params.slug),
  )
}
