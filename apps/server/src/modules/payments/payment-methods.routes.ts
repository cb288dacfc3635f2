import { bankTransferWords, paymentsContract as c } from '@toolworks/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

import type { GatewayPaymentFlow, NoticeResult } from '../../flows/gateway-payment.js'
import type { PaymentAdminFlow } from '../../flows/payment-admin.js'
import { AppError } from '../../lib/app-error.js'
import { perAccountPaymentStarts } from '../../lib/rate-limits.js'
import { actorOf, errorResponses, sendPrivatePdf } from '../../lib/route-helpers.js'
import type { Company } from '../orders/order-pdf.js'
import { loadPdfWriters } from '../orders/pdf-writers.js'
import type { ProviderNotification } from './payment-provider.js'

type Deps = {
  gateway: GatewayPaymentFlow
  admin: PaymentAdminFlow
  company: Company
  /** The server's clock: the proforma's date. */
  now: () => Date
}

const params = z.object({ id: z.string().max(64) })
const errors = errorResponses(400, 401, 403, 404, 409, 503)
const startErrors = errorResponses(400, 401, 403, 404, 409, 429, 503)

/** A request's media type without its parameters: `application/x-www-form-urlencoded`. */
const mediaType = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

const notificationOf = (request: FastifyRequest): ProviderNotification => ({
  rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
  headers: request.headers,
  contentType: mediaType(request.headers['content-type']),
})

/** My Orders, with what the gateway's return came to (the web shows it in words). */
export function myOrdersAfter({ outcome, orderId }: NoticeResult): string {
  const query = new URLSearchParams({ payment: outcome, ...(orderId && { order: orderId }) })
  return `/dashboard/myorder?${query.toString()}`
}

/**
 * Paying through SSLCommerz and by bank transfer: the methods offered, starting a
 * payment, the gateway's notification and the buyer's return, the proforma invoice, and what
 * an admin does with an order's money. Cards keep create-payment-intent (payments.routes.ts).
 */
export const paymentMethodsRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { gateway, admin, company, now },
) => {
  app.get(
    c.paymentMethods.path,
    {
      // Public; with a bearer token, the methods this buyer may not use say why.
      onRequest: async (request, reply) => {
        if (!request.headers.authorization) return
        try {
          await app.requireUser(request, reply)
        } catch (error) {
          // A token that is no longer good is answered as no token: the list is public.
          if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error
        }
      },
      schema: {
        tags: ['payments'],
        summary: 'The payment methods this shop offers, in the order the payment page shows them',
        description:
          "With the buyer's bearer token, a method they may not use carries `unavailable`: why (bank transfer needs a verified e-mail).",
        response: { 200: c.paymentMethods.response },
      },
    },
    async (request) => gateway.methods(request.actor ?? undefined),
  )

  app.get(
    c.orderPayments.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: "An order's payments and refunds, each with its state (the buyer's or an admin's)",
        params,
        response: { 200: c.orderPayments.response, ...errors },
      },
    },
    async (request) => admin.paymentsOf(actorOf(request), request.params.id),
  )

  app.post(
    c.startPayment.path,
    {
      onRequest: app.requireUser,
      config: perAccountPaymentStarts,
      schema: {
        tags: ['payments'],
        summary: "Start paying an order through SSLCommerz or by bank transfer (the order's owner)",
        params,
        body: c.startPayment.body,
        response: { 200: c.startPayment.response, ...startErrors },
      },
    },
    async (request) => gateway.start(actorOf(request), request.params.id, request.body.method),
  )

  app.get(
    c.proforma.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'The proforma invoice of an order awaiting a bank transfer, as a PDF',
        params,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { order, payment } = await gateway.proforma(actorOf(request), request.params.id)
      const { proformaPdf } = await loadPdfWriters()
      return sendPrivatePdf(
        reply,
        bankTransferWords.proforma.fileName(payment.reference),
        proformaPdf({ company, order, payment, issuedAt: now() }),
      )
    },
  )

  const adminRoute = <B extends z.ZodType>(summary: string, body: B) => ({
    onRequest: app.requireAdmin,
    schema: {
      tags: ['payments'],
      summary,
      params,
      body,
      response: { 200: c.markReceived.response, ...errors },
    },
  })

  app.post(
    c.markReceived.path,
    adminRoute('Record a bank transfer received (admin)', c.markReceived.body),
    async (request) => admin.markReceived(actorOf(request), request.params.id, request.body),
  )
  app.post(
    c.review.path,
    adminRoute('Accept or refund a payment under review (admin)', c.review.body),
    async (request) => admin.review(actorOf(request), request.params.id, request.body.decision),
  )
  app.post(
    c.adminCancel.path,
    adminRoute(
      'Cancel an order that has not shipped; paid money goes back (admin)',
      c.adminCancel.body,
    ),
    async (request) => admin.cancel(actorOf(request), request.params.id, request.body.reason),
  )
  app.post(
    c.refundSent.path,
    adminRoute('Close a refund due by bank transfer with its reference (admin)', c.refundSent.body),
    async (request) =>
      admin.refundSent(actorOf(request), request.params.id, request.body.reference),
  )

  // SSLCommerz signs its fields: these routes keep the form's bytes for the provider to check.
  await app.register(async (plugin) => {
    const raw = plugin.withTypeProvider<ZodTypeProvider>()
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

    raw.post(
      c.sslcommerzIpn.path,
      {
        schema: {
          tags: ['payments'],
          summary: "SSLCommerz's server-to-server notification (form-encoded)",
          description:
            'Answers 200 to a notification whose signature checks out, whatever its outcome, so the gateway stops retrying; 400 when the signature fails; 503 when the validation API does not answer (the gateway retries).',
        },
      },
      async (request, reply) => {
        await gateway.ipn(notificationOf(request))
        return reply.send({ received: true })
      },
    )

    raw.post(
      c.sslcommerzReturn.path,
      {
        schema: {
          tags: ['payments'],
          summary: "The buyer's return from SSLCommerz's page: 303 to My Orders with the outcome",
          params: z.object({ outcome: z.enum(['success', 'fail', 'cancel']) }),
        },
      },
      async (request, reply) => {
        const result = await gateway.returned(request.params.outcome, notificationOf(request))
        return reply.redirect(myOrdersAfter(result), 303)
      },
    )
  })
}
