import { ErrorBodySchema } from '@toolworks/shared'

import type { Actor } from '../modules/accounts/accounts.service.js'
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
