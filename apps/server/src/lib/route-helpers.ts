import { ErrorBodySchema } from '@toolworks/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'

import type { Actor } from '../modules/accounts/accounts.service.js'
import type { CachedAnswer } from './answer-cache.js'
import { AppError } from './app-error.js'

/** The caller a bearer hook (`app.requireUser`/`requireAdmin`) has put on the request. */
export function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED')
  return request.actor
}

/** Route response schemas for the error statuses a route can answer (the shape of DESIGN.md). */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as Record<
    S,
    typeof ErrorBodySchema
  >
}

/** RFC 9110 weak comparison of If-None-Match (a list, `W/` tags, or `*`) against our ETag. */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Sends an answer that is already JSON text (from a cache), with its ETag; a client that
 * holds the same version gets 304 and no body. `no-cache` makes browsers ask every time.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.header('ETag', answer.etag).header('Cache-Control', 'no-cache')
  if (answer.total !== undefined) reply.header('X-Total-Count', String(answer.total))
  if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  return reply.type('application/json; charset=utf-8').send(answer.body)
}
