import { cartContract, ordersContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { perAccount, tooManyOrders } from '../../lib/rate-limits.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { CancellationFlow } from '../../flows/cancellation.js'
import type { CheckoutFlow } from '../../flows/checkout.js'
import type { OrdersService } from './orders.service.js'

type Deps = {
  orders: OrdersService
  /** Placing and cancelling span modules: they are flows (src/flows/). */
  checkout: Pick<CheckoutFlow, 'purchase' | 'checkout'>
  cancellation: Pick<CancellationFlow, 'byPerson'>
}

const errors = errorResponses(400, 401, 403, 404, 409)
const createErrors = errorResponses(400, 401, 403, 404, 409, 429)

/**
 * Both ordering routes spend one budget per account: one counter, `purchase`, in the
 * group `orders` (lib/rate-limits.ts, plugins/rate-limit-store.ts).
 */
const perAccountOrderLimit = perAccount('orders', {
  key: 'purchase',
  groupId: 'orders',
  error: tooManyOrders,
})

export const ordersRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { orders, checkout, cancellation },
) => {
  const c = ordersContract

  app.post(
    c.create.path,
    {
      onRequest: app.requireUser,
      config: perAccountOrderLimit,
      schema: {
        tags: ['orders'],
        summary: 'Order a tool',
        body: c.create.body,
        response: { 201: c.create.response, ...createErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await checkout.purchase(actorOf(request), request.body)),
  )

  app.post(
    cartContract.checkout.path,
    {
      onRequest: app.requireUser,
      config: perAccountOrderLimit,
      schema: {
        tags: ['orders'],
        summary: 'Order the cart’s lines as one order',
        body: cartContract.checkout.body,
        response: { 201: cartContract.checkout.response, ...createErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await checkout.checkout(actorOf(request), request.body)),
  )

  app.get(
    c.listMine.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        querystring: c.listMine.query,
        response: { 200: c.listMine.response, ...errors },
      },
    },
    async (request) => orders.listMine(actorOf(request), request.query.customer),
  )

  app.get(
    c.listAll.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        querystring: c.listAll.query,
        response: { 200: c.listAll.response, ...errors },
      },
    },
    async (request) => orders.listAll(request.query),
  )

  app.get(
    c.getOne.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        params: c.getOne.params,
        response: { 200: c.getOne.response, ...errors },
      },
    },
    async (request) => orders.getOne(actorOf(request), request.params.id),
  )

  app.delete(
    c.remove.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        params: c.remove.params,
        response: { 200: c.remove.response, ...errors },
      },
    },
    async (request) => cancellation.byPerson(actorOf(request), request.params.id),
  )

  app.patch(
    c.setStatus.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        params: c.setStatus.params,
        body: c.setStatus.body,
        response: { 200: c.setStatus.response, ...errors },
      },
    },
    async (request) => orders.markShipped(actorOf(request), request.params.id),
  )

  app.put(
    c.recordExportDocument.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Record an export order’s airway or shipping bill',
        params: c.recordExportDocument.params,
        body: c.recordExportDocument.body,
        response: { 200: c.recordExportDocument.response, ...errors },
      },
    },
    async (request) =>
      orders.recordExportDocument(actorOf(request), request.params.id, request.body),
  )
}
