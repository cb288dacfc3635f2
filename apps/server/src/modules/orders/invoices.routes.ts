import {
  creditNoteWords,
  invoicesContract,
  invoiceWords,
  mushakSerialText,
  mushakWords,
  isExportTo,
  taxWords,
} from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { AppError } from '../../lib/app-error.js'
import { actorOf, errorResponses, sendPrivatePdf } from '../../lib/route-helpers.js'
import type { Company } from './invoice-pdf.js'
import { loadPdfWriters } from './pdf-writers.js'
import type { OrderWithLines } from './orders.queries.js'
import type { OrdersService } from './orders.service.js'

type Deps = {
  orders: Pick<OrdersService, 'forInvoice'>
  company: Company
  /** The shop's BIN for the Mushak-6.3; undefined: none issued until it is set. */
  sellerBin: string | undefined
}

/**
 * GET /api/purchase/{id}/invoice.pdf: the order's owner or an admin. Anyone else,
 * a missing order and a malformed id get the same 404; an order without an invoice (unpaid,
 * or cancelled and refunded) gets 409. The PDF is made on the server and streamed.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { orders, company, sellerBin },
) => {
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
      const { invoicePdf } = await loadPdfWriters()
      const stream = invoicePdf({
        company,
        order: { ...order, invoiceNumber: order.invoiceNumber, paidAt: order.paidAt },
      })
      return sendPrivatePdf(reply, invoiceWords.fileName(order.invoiceNumber), stream)
    },
  )
  // GET /api/purchase/{id}/mushak-6.3.pdf: the tax invoice of a paid domestic order.
  const m = invoicesContract.mushak
  app.get(
    m.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The Mushak-6.3 tax invoice of a paid domestic order, as a PDF',
        params: m.params,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const order = await orders.forInvoice(actorOf(request), request.params.id)
      if (order.invoiceNumber === null || order.paidAt === null || !order.paid)
        throw new AppError(
          'CONFLICT',
          order.status === 'cancelled' ? invoiceWords.noInvoice : taxWords.mushakUnpaid,
        )
      if (isExportTo(order.country)) throw new AppError('CONFLICT', taxWords.mushakExport)
      if (order.mushakFiscalYear === null || order.mushakSerial === null)
        throw new AppError('CONFLICT', mushakWords.paidBeforeTaxInvoices)
      if (!sellerBin) throw new AppError('UNAVAILABLE', mushakWords.sellerBinMissing)
      const { mushakPdf } = await loadPdfWriters()
      const stream = mushakPdf({
        company,
        sellerBin,
        order: {
          ...order,
          paidAt: order.paidAt,
          invoiceNumber: order.invoiceNumber,
          mushakFiscalYear: order.mushakFiscalYear,
          mushakSerial: order.mushakSerial,
        },
      })
      const serial = mushakSerialText(order.mushakFiscalYear, order.mushakSerial)
      return sendPrivatePdf(reply, mushakWords.file(serial), stream)
    },
  )
  // GET /api/purchase/{id}/mushak-6.7.pdf: the credit note of a cancelled paid domestic order.
  const n = invoicesContract.creditNote
  app.get(
    n.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'The Mushak-6.7 credit note of a paid domestic order cancelled after its Mushak-6.3, as a PDF (404 when it has none)',
        params: n.params,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const order = await orders.forInvoice(actorOf(request), request.params.id)
      const note = creditNoteOf(order)
      if (!note) throw new AppError('NOT_FOUND', creditNoteWords.none)
      if (!sellerBin) throw new AppError('UNAVAILABLE', mushakWords.sellerBinMissing)
      const { creditNotePdf } = await loadPdfWriters()
      const stream = creditNotePdf({ company, sellerBin, order: note })
      const serial = mushakSerialText(note.creditNoteFiscalYear, note.creditNoteSerial)
      return sendPrivatePdf(reply, creditNoteWords.file(serial), stream)
    },
  )
}

/** The order with everything its credit note prints, or undefined when it has none. */
function creditNoteOf(order: OrderWithLines) {
  const {
    paidAt,
    invoiceNumber,
    mushakFiscalYear,
    mushakSerial,
    creditNoteFiscalYear,
    creditNoteSerial,
    creditNoteIssuedAt,
  } = order
  if (
    paidAt === null ||
    invoiceNumber === null ||
    mushakFiscalYear === null ||
    mushakSerial === null ||
    creditNoteFiscalYear === null ||
    creditNoteSerial === null ||
    creditNoteIssuedAt === null
  )
    return undefined
  return {
    ...order,
    paidAt,
    invoiceNumber,
    mushakFiscalYear,
    mushakSerial,
    creditNoteFiscalYear,
    creditNoteSerial,
    creditNoteIssuedAt,
  }
}
