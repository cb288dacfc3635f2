import { invoicesContract, invoiceWords } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { AppError } from '../../lib/app-error.js'
import { actorOf, errorResponses, sendPrivatePdf } from '../../lib/route-helpers.js'
import { invoicePdf, type Company } from './invoice-pdf.js'
import type { OrdersService } from './orders.service.js'

type Deps = { orders: Pick<OrdersService, 'forInvoice'>; company: Company }

/**
 * GET /api/purchase/{id}/invoice.pdf (issue 17): the order's owner or an admin. Anyone else,
 * a missing order and a malformed id get the same 404; an order without an invoice (unpaid,
 * or cancelled and refunded) gets 409. The PDF is made on the server and streamed.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<Deps> = async (app, { orders, company }) => {
  const c = invoicesContract.pdf
  app.get(
    c.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The invoice of a paid order, as a PDF',
        params: c.params,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const order = await orders.forInvoice(actorOf(request), request.params.id)
      if (order.invoiceNumber === null || order.paidAt === null || !order.paid)
        throw new AppError(
          'CONFLICT',
          order.status === 'cancelled' ? invoiceWords.noInvoice : invoiceWords.notPaid,
        )
      const stream = invoicePdf({
        company,
        order: { ...order, invoiceNumber: order.invoiceNumber, paidAt: order.paidAt },
      })
      return sendPrivatePdf(reply, invoiceWords.fileName(order.invoiceNumber), stream)
    },
  )
}
