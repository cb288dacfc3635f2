import { accountsContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { AppError } from '../../lib/app-error.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { AccountsService } from './accounts.service.js'

type Deps = { accounts: AccountsService }

const errors = errorResponses(400, 401, 403, 404)

export const accountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { accounts }) => {
  const c = accountsContract

  app.put(
    c.token.path,
    {
      schema: {
        tags: ['accounts'],
        summary: 'A bearer token for the signed-in session',
        params: c.token.params,
        response: { 200: c.token.response, ...errors },
      },
    },
    async (request) => {
      const session = await app.sessionUser(request)
      if (!session) throw new AppError('UNAUTHENTICATED')
      return accounts.issueToken(session, request.params.email)
    },
  )

  app.get(
    c.isAdmin.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        params: c.isAdmin.params,
        response: { 200: c.isAdmin.response, ...errors },
      },
    },
    async (request) => accounts.isAdmin(actorOf(request), request.params.email),
  )

  app.get(
    c.profile.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        querystring: c.profile.query,
        response: { 200: c.profile.response, ...errors },
      },
    },
    async (request) => accounts.getProfile(actorOf(request), request.query.email),
  )

  app.put(
    c.updateProfile.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        querystring: c.updateProfile.query,
        body: c.updateProfile.body,
        response: { 200: c.updateProfile.response, ...errors },
      },
    },
    async (request) => accounts.updateProfile(actorOf(request), request.query.email, request.body),
  )

  // The header's currency switch, kept for a signed-in buyer (the cookie keeps it
  // for everyone; web/src/lib/currency.ts).
  app.put(
    c.setCurrency.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        body: c.setCurrency.body,
        response: { 200: c.setCurrency.response, ...errors },
      },
    },
    async (request) => accounts.setCurrency(actorOf(request), request.body.currency),
  )

  app.get(
    c.users.path,
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['accounts'], response: { 200: c.users.response, ...errors } },
    },
    async () => accounts.listUsers(),
  )

  app.put(
    c.makeAdmin.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['accounts'],
        params: c.makeAdmin.params,
        response: { 200: c.makeAdmin.response, ...errors },
      },
    },
    async (request) => accounts.makeAdmin(actorOf(request), request.params.email),
  )
}
