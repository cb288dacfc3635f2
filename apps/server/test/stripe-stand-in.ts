import { randomBytes } from 'node:crypto'
import http from 'node:http'

type Intent = {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
}

type Refund = {
  id: string
  object: 'refund'
  payment_intent: string
  amount: number
  status: string
}

/**
 * A local stand-in for the PaymentIntents and Refunds calls of Stripe's API the shop makes, so the
 * official SDK is exercised over real HTTP with no outside service.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, Intent>()
  const byIdempotencyKey = new Map<string, string>()
  const refunds = new Map<string, Refund>()
  const requests: {
    method: string
    path: string
    idempotencyKey: string | undefined
    body: string
  }[] = []
  let delayMs = 0

  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey, body })
      const answer = (status: number, json: unknown) => {
        setTimeout(() => {
          if (res.destroyed) return
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': `req_${randomBytes(4).toString('hex')}`,
          })
          res.end(JSON.stringify(json))
        }, delayMs)
      }
      const url = new URL(req.url ?? '/', 'http://stand-in')
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined
        if (existing) return answer(200, intents.get(existing))
        const form = new URLSearchParams(body)
        const id = `pi_${randomBytes(8).toString('hex')}`
        const intent: Intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: 0,
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        }
        intents.set(id, intent)
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id)
        return answer(200, intent)
      }
      const invalid = (message: string, code = 'payment_intent_unexpected_state') =>
        answer(400, { error: { type: 'invalid_request_error', code, message } })
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname)
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1] ?? '')
        if (!intent) return invalid('No such payment_intent', 'resource_missing')
        // Like Stripe: a succeeded or already cancelled intent cannot be cancelled.
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return invalid(`This PaymentIntent's status is ${intent.status}`)
        intent.status = 'canceled'
        return answer(200, intent)
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined
        if (existing) return answer(200, refunds.get(existing))
        const form = new URLSearchParams(body)
        const intent = intents.get(form.get('payment_intent') ?? '')
        if (intent?.status !== 'succeeded') return invalid('This PaymentIntent has no charge')
        const refund: Refund = {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          payment_intent: intent.id,
          amount: intent.amount_received,
          status: 'succeeded',
        }
        refunds.set(refund.id, refund)
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund.id)
        return answer(200, refund)
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && match) {
        const intent = intents.get(match[1] ?? '')
        if (!intent)
          return answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment_intent',
            },
          })
        return answer(200, intent)
      }
      answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    /** What Stripe does when the customer's card payment succeeds. */
    succeed(id: string) {
      const intent = intents.get(id)
      if (!intent) throw new Error(`no intent ${id}`)
      intent.status = 'succeeded'
      intent.amount_received = intent.amount
      return intent
    },
    setDelay(ms: number) {
      delayMs = ms
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
