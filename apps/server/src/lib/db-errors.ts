/**
 * True when an error means the database cannot be reached right now (refused, reset,
 * shutting down, pool timeout), as opposed to a bad query. Such errors answer 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true
      // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now).
      if (/^08...$/.test(code) || /^57P0[1-3]$/.test(code)) return true
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) {
      return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * True when PostgreSQL refused a value the client sent (SQLSTATE class 22, data exception:
 * a NUL character in text, a number out of range, a malformed uuid...). Such errors answer
 * 400: the request was bad, and its transaction was rolled back.
 */
export function isInvalidInputData(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code } = current as { code?: unknown }
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
])

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'PGlite is closed',
  'Cannot use a pool after calling end',
]

/**
 * True when PostgreSQL cancelled a statement for running past its statement_timeout (SQLSTATE
 * 57014, query_canceled). Drivers and drizzle wrap it, so the causes are followed.
 */
export function isStatementTimeout(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    if ((current as { code?: unknown }).code === '57014') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
