import { messages, type ErrorBody, type ErrorCode } from '@toolworks/shared'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

import { AppError } from '../lib/app-error.js'
import { isDatabaseUnavailable, isInvalidInputData, isStatementTimeout } from '../lib/db-errors.js'

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) {
  const body: ErrorBody = { error: fields ? { code, message, fields } : { code, message } }
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their 4xx. */
function clientErrorCode(status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE'
  if (status === 429) return 'RATE_LIMITED'
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  return 'VALIDATION_FAILED'
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {}
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_'
      fields[key] ??= issue.message ?? messages.errors.VALIDATION_FAILED
    }
  }
  return fields
}

/**
 * Fastify's router answers a malformed URL (bad percent-encoding) or an over-long path
 * parameter before any hook or error handler runs; this keeps those in the JSON error shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'malformed url')
  void sendError(reply, 400, 'VALIDATION_FAILED', messages.errors.VALIDATION_FAILED)
}

/**
 * One error handler holds the table of codes (docs/conventions.md §5): AppError keeps its code,
 * schema failures become VALIDATION_FAILED with one message per field, a database that
 * is down becomes 503, anything else a generic 500 whose text never leaks.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Any address no route serves, whatever the method; pages are a route (plugins/pages.ts).
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      return sendError(reply, 404, 'NOT_FOUND', `No such address: ${request.method} ${pathname}`)
    })
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.warn({ err: error }, 'request failed')
        if (error.retryAfterSeconds !== undefined)
          void reply.header('retry-after', String(error.retryAfterSeconds))
        return sendError(reply, error.statusCode, error.code, error.message, error.fields)
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(
          reply,
          400,
          'VALIDATION_FAILED',
          messages.errors.VALIDATION_FAILED,
          validationFields(error),
        )
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable')
        return sendError(reply, 503, 'UNAVAILABLE', messages.errors.UNAVAILABLE)
      }
      // Any statement past the pool's own statement_timeout (db/client.ts): busy, not broken.
      if (isStatementTimeout(error)) {
        request.log.warn({ err: error }, 'statement timed out')
        return sendError(reply, 503, 'UNAVAILABLE', messages.errors.UNAVAILABLE)
      }
      if (isInvalidInputData(error)) {
        request.log.info({ err: error }, 'the database refused a value of the request')
        return sendError(reply, 400, 'VALIDATION_FAILED', messages.errors.VALIDATION_FAILED)
      }
      const status = error.statusCode ?? 500
      if (status >= 400 && status < 500) {
        const code = clientErrorCode(status)
        const message = code === 'VALIDATION_FAILED' ? clientMessage(error) : messages.errors[code]
        return sendError(reply, status, code, message)
      }
      // The route's pattern, never its values: a path parameter may be a one-time token
      // (e-mail verification, password reset) or an email address.
      request.log.error(
        { err: error, method: request.method, route: request.routeOptions.url },
        'unexpected error',
      )
      return sendError(reply, 500, 'INTERNAL', messages.errors.INTERNAL)
    })
  },
  { name: 'errors' },
)

// Fastify's parser messages are safe and specific ("Body is not valid JSON but content-type is set to 'application/json'").
function clientMessage(error: FastifyError): string {
  if (error.code?.startsWith('FST_ERR_CTP_') || error.code === 'FST_ERR_VALIDATION')
    return error.message
  return messages.errors.VALIDATION_FAILED
}
