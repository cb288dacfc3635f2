import { paymentsContract } from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { perAddress } from '../../lib/rate-limits.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { CheckoutFlow } from '../../flows/checkout.js'
import type { PaymentReceivedFlow } from '../../flows/payment-received.js'
import type { SandboxProvider } from './sandbox-provider.js'

type Deps = {
  /** Starting a payment and receiving one span modules: they are flows (src/flows/). */
  checkout: Pick<CheckoutFlow, 'startPayment'>
  paymentReceived: Pick<PaymentReceivedFlow, 'markPaid' | 'webhook'>
  sandbox: SandboxProvider | undefined
  /** The provider sends signed webhooks (Stripe): mount the route that receives them. */
  webhook: boolean
}

const errors = errorResponses(400, 401, 402, 403, 404, 409, 503)

export const paymentsRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { checkout, paymentReceived, sandbox, webhook: withWebhook },
) => {
  const c = paymentsContract

  app.post(
    c.createIntent.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payments'],
        body: c.createIntent.body,
        response: { 200: c.createIntent.response, ...errors },
      },
    },
    async (request) => checkout.startPayment(actorOf(request), request.body.orderId),
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

  if (withWebhook) {
    // The provider signs the raw bytes: this route alone keeps the body unparsed, and the
    // provider itself checks and reads it (issue 13).
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      )
      webhook.post(
        c.stripeWebhook.path,
        { schema: { tags: ['payments'], hide: true } },
        async (request, reply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
          await paymentReceived.webhook(raw, request.headers)
          return reply.send({ received: true })
        },
      )
    })
  }
}
