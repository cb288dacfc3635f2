import { AdminOrdersQuerySchema, exportsContract } from '@toolworks/shared'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Readable } from 'node:stream'

import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import { csvFileName } from './csv-cells.js'
import type { ExportsService } from './exports.service.js'

type Deps = { exports: ExportsService }

const errors = errorResponses(400, 401, 403)

/**
 * A CSV download: an attachment with the day in its name, never kept by a browser or a proxy,
 * never sniffed into something else. The body streams; a failure after the first bytes can
 * only cut the download short (the status is already sent), and it is logged.
 */
function sendCsv(reply: FastifyReply, kind: string, body: Readable) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csvFileName(kind)}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body)
}

export const exportsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { exports }) => {
  const c = exportsContract
  const schema = (summary: string) => ({
    tags: ['exports'],
    summary,
    produces: ['text/csv'],
    response: errors,
  })

  app.get(
    c.orders.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        ...schema('Manage Orders as CSV (admin), with its filters: status, q (customer email)'),
        querystring: AdminOrdersQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'orders',
        exports.orders(actorOf(request), request.query, (error) =>
          request.log.error({ err: error }, 'orders CSV failed'),
        ),
      ),
  )

  app.get(
    c.users.path,
    { onRequest: app.requireAdmin, schema: schema('All Users as CSV (admin)') },
    async (request, reply) =>
      sendCsv(
        reply,
        'users',
        exports.users(actorOf(request), (error) =>
          request.log.error({ err: error }, 'users CSV failed'),
        ),
      ),
  )

  app.get(
    c.products.path,
    {
      onRequest: app.requireAdmin,
      schema: schema(
        'Manage Products as CSV (admin), in the format POST /api/import/products reads',
      ),
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'products',
        await exports.products((error) => request.log.error({ err: error }, 'products CSV failed')),
      ),
  )
}
