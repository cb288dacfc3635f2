import { paymentMethodRules, paymentsContract } from '@toolworks/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { AppError } from '../../lib/app-error.js'
import { perAccountPaymentStarts, perAddress } from '../../lib/rate-limits.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { CheckoutFlow } from '../../flows/checkout.js'
import type { PaymentReceivedFlow } from '../../flows/payment-received.js'
import type { SandboxProvider } from './sandbox-provider.js'

type Deps = {
  /** Starting a payment and receiving one span modules: they are flows (src/flows/). */
  checkout: Pick<CheckoutFlow, 'startCardPayment'>
  paymentReceived: Pick<PaymentReceivedFlow, 'markPaid' | 'webhook'>
  sandbox: SandboxProvider | undefined
  /** Whether a card provider runs (a production shop without STRIPE_SECRET_KEY has none). */
  cardOffered: boolean
  /**
   * The configured card provider's name when it sends signed webhooks (Stripe): its historic
   * path (`/api/stripe/webhook`) stays mounted beside the per-provider one.
   */
  cardWebhook: string | undefined
}

/** A request's media type without its parameters: `application/x-www-form-urlencoded`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

const errors = errorResponses(400, 401, 402, 403, 404, 409, 503)
const startErrors = errorResponses(400, 401, 402, 403, 404, 409, 429, 503)

export const paymentsRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { checkout, paymentReceived, sandbox, cardOffered, cardWebhook },
) => {
  const c = paymentsContract
  // Refused before the order is read, so a shop with no card changes nothing (not even a hold).
  const refuseWithoutCard = async () => {
    if (!cardOffered) throw new AppError('VALIDATION_FAILED', paymentMethodRules.notOffered)
  }

  app.post(
    c.createIntent.path,
    {
      onRequest: app.requireUser,
      config: perAccountPaymentStarts,
      preHandler: refuseWithoutCard,
      schema: {
        tags: ['payments'],
        body: c.createIntent.body,
        response: { 200: c.createIntent.response, ...startErrors },
      },
    },
    async (request) => checkout.startCardPayment(actorOf(request), request.body.orderId),
  )

  app.patch(
    c.markPaid.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Mark an order paid once the provider confirms its payment',
        params: z.object({ id: z.string().max(64) }),
        body: c.markPaid.body,
        response: { 200: c.markPaid.response, ...errors },
      },
    },
    async (request) =>
      paymentReceived.markPaid(actorOf(request), request.params.id, request.body.transactionId),
  )

  if (sandbox) {
    app.post(
      c.sandboxConfirm.path,
      {
        // The client secret is the authority here, as with Stripe; limits keep guessing slow.
        config: perAddress('payments'),
        schema: {
          tags: ['payments'],
          body: c.sandboxConfirm.body,
          response: { 200: c.sandboxConfirm.response, ...errors },
        },
      },
      async (request) => ({ paymentIntent: await sandbox.confirm(request.body) }),
    )
  }

  // Providers sign the raw bytes, JSON (Stripe) or a form (a gateway's IPN): these routes alone
  // keep every body unparsed, and the provider itself checks and reads it.
  await app.register(async (plugin) => {
    const webhook = plugin.withTypeProvider<ZodTypeProvider>()
    webhook.removeAllContentTypeParsers()
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const receive = (provider: string, request: FastifyRequest) =>
      paymentReceived.webhook(provider, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        headers: request.headers,
        contentType: mediaType(request.headers['content-type']),
      })

    webhook.post(
      c.providerWebhook.path,
      {
        schema: {
          tags: ['payments'],
          summary: "A payment provider's notification, verified by that provider",
          params: z.object({ provider: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        await receive(request.params.provider, request)
        return reply.send({ received: true })
      },
    )

    if (cardWebhook)
      webhook.post(
        c.stripeWebhook.path,
        { schema: { tags: ['payments'], hide: true } },
        async (request, reply) => {
          await receive(cardWebhook, request)
          return reply.send({ received: true })
        },
      )
  })
}
