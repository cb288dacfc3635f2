import { ErrorBodySchema } from '@toolworks/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'

import type { Actor } from '../modules/accounts/accounts.service.js'
import type { CachedAnswer } from './answer-cache.js'
import { AppError } from './app-error.js'
import { sendEncoded } from './encoded-body.js'

/** The caller a bearer hook (`app.requireUser`/`requireAdmin`) has put on the request. */
export function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED')
  return request.actor
}

/** Route response schemas for the error statuses a route can answer (the shape in docs/product.md §7). */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as Record<
    S,
    typeof ErrorBodySchema
  >
}

// Here for the routes that import it with the other helpers.
export { ifNoneMatchHits } from './if-none-match.js'

/**
 * Sends an answer that is already JSON text (from a cache), with its ETag; a client that
 * holds the same version gets 304 and no body. `no-cache` makes browsers ask every time.
 * The brotli or gzip copy made when the cache was filled goes to a client that takes it
 * (lib/encoded-body.ts): register the route with `compress: false`.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8')
  if (answer.total !== undefined) reply.header('X-Total-Count', String(answer.total))
  return sendEncoded(request, reply, answer.wire)
}

/**
 * Sends a PDF made for one person (an invoice, a proforma) as a download: never cached by a
 * browser or proxy, never sniffed as anything else.
 */
export function sendPrivatePdf(
  reply: FastifyReply,
  fileName: string,
  pdf: NodeJS.ReadableStream,
): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(pdf)
}
