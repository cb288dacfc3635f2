/**
 * The logger's `err` serializer (no personal data beyond the email in logs, no
 * secrets). Pino's default copies every enumerable property and the whole message, which for
 * a failed query is drizzle's "Failed query: ... params: <the customer's phone, address...>",
 * and for PostgreSQL's own errors a `detail` such as "Failing row contains (...)". This keeps
 * what diagnoses a failure (class, message without values, stack frames, codes, constraint)
 * and drops the values.
 */

// Properties that name what failed, never what was in the row or the request.
const SAFE_KEYS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'routine',
  'requestId',
] as const

type Serialized = Record<string, unknown>

function isQueryError(error: Error): error is Error & { query: string; params: unknown } {
  return 'query' in error && 'params' in error && typeof error.query === 'string'
}

function safeMessage(error: Error): string {
  if (isQueryError(error)) return `Failed query: ${error.query}`
  const code = (error as { code?: unknown }).code
  // PostgreSQL's data exceptions quote the refused value: invalid input syntax for type uuid: "...".
  if (typeof code === 'string' && /^22/.test(code))
    return error.message.replace(/: ".*"$/s, ': "…"')
  return error.message
}

function frames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at \S/.test(line))
    .join('\n')
}

export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) {
    return typeof error === 'object' && error !== null ? { type: 'non-error' } : error
  }
  const type = error.constructor.name === 'Error' ? error.name : error.constructor.name
  const message = safeMessage(error)
  const out: Serialized = {
    type,
    message,
    stack: `${error.name}: ${message}\n${frames(error.stack)}`,
  }
  for (const key of SAFE_KEYS) {
    const value = (error as unknown as Record<string, unknown>)[key]
    if (typeof value === 'string' || typeof value === 'number') out[key] = value
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1)
  return out
}

/** Adds the safe `err` serializer to Fastify's logger options (false stays false). */
export function withSafeSerializers(
  options: boolean | Record<string, unknown>,
): false | Record<string, unknown> {
  if (options === false) return false
  const base: Record<string, unknown> = options === true ? {} : options
  const serializers = (base.serializers as Record<string, unknown> | undefined) ?? {}
  return { ...base, serializers: { ...serializers, err: serializeError } }
}

// Query parameters that carry one-time secrets: e-mail verification and reset tokens, the
// OAuth code and state on Google's callback, and anything named like a secret or password
// (SSLCommerz's `store_passwd` too: the protocol puts it in the query of the stand-in's calls).
const SECRET_PARAM =
  /([?&](?:token|code|state|[\w-]*secret[\w-]*|[\w-]*passw(?:or)?d[\w-]*)=)[^&#]*/gi

/**
 * A request URL for the log line: one-time tokens in the query and the reset-password path
 * are replaced by "…" (a logged reset link would let a log reader set a customer's password).
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1…').replace(/(\/reset-password\/)[^/?#]+/i, '$1…')
}
