import { contactContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { perAddress } from '../../lib/rate-limits.js'
import { errorResponses } from '../../lib/route-helpers.js'
import type { ContactService } from './contact.service.js'

type Deps = { contact: ContactService }

/**
 * Per client address, counted in the database so the limits hold across server processes:
 * enough for a person, too few for a script filling the inbox or the list.
 */
export const CONTACT_RATE_LIMIT = perAddress('contact').rateLimit
export const SUBSCRIBE_RATE_LIMIT = perAddress('subscribe').rateLimit

export const contactRoutes: FastifyPluginAsyncZod<Deps> = async (app, { contact }) => {
  const { send, list, subscribe } = contactContract

  app.post(
    send.path,
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        summary: 'Contact With Us: store a message for the admins',
        body: send.body,
        response: { 201: send.response, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await contact.send(request.body)),
  )

  app.get(
    list.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Contact messages, newest first (admin)',
        querystring: list.query,
        response: { 200: list.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => contact.list(request.query),
  )

  app.post(
    subscribe.path,
    {
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        summary: 'Subscribe an address to the newsletter (once)',
        body: subscribe.body,
        response: { 200: subscribe.response, ...errorResponses(400, 429) },
      },
    },
    async (request) => contact.subscribe(request.body),
  )
}
