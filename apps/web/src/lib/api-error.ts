import { ERROR_STATUS, messages, type ErrorCode } from '@toolworks/shared'

/** The server's codes, plus the two only a client can meet. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'INVALID_RESPONSE'

type ApiErrorInit = {
  status: number
  code: ApiErrorCode
  message?: string
  fields?: Record<string, string>
  /** The identity provider's own code (Better Auth answers `{ code, message }`). */
  providerCode?: string
  /** How long the server asked the client to wait (its `Retry-After`), in milliseconds. */
  retryAfterMs?: number
  /** The answer's body as parsed JSON, for an answer with more than `{ code, message, fields }`. */
  body?: unknown
}

/** Any failed call: a non-2xx answer, no answer at all (status 0), or an unreadable answer. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  readonly fields: Record<string, string>
  readonly providerCode: string | undefined
  readonly retryAfterMs: number | undefined
  /** The answer's JSON body (quick order's `error.lines`); undefined for none. */
  readonly body: unknown

  constructor({ status, code, message, fields, providerCode, retryAfterMs, body }: ApiErrorInit) {
    super(message ?? messages.errors[code])
    this.status = status
    this.code = code
    this.fields = fields ?? {}
    this.providerCode = providerCode
    this.retryAfterMs = retryAfterMs
    this.body = body
  }
}

/**
 * A failure that says nothing about the request or the person: no answer at all, an answer a
 * proxy or captive portal made up, a timeout, "too many requests" or a server failure. Asking
 * again later may succeed, so it never counts as "signed out" or "not allowed".
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  const { status, code } = error
  return (
    status === 0 || code === 'INVALID_RESPONSE' || status === 408 || status === 429 || status >= 500
  )
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Codes that share their status with a general one: a bare status is never one of these. */
const SPECIFIC_CODES: readonly ErrorCode[] = [
  'OUT_OF_STOCK',
  'QUOTA_EXCEEDED',
  'EMAIL_NOT_VERIFIED',
]

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  // 409 and 403 have several codes; a bare one is the general CONFLICT or FORBIDDEN.
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .filter(([code]) => !SPECIFIC_CODES.includes(code))
    .map(([code, status]) => [status, code]),
)

/** The code for an answer whose body did not say one. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED')
}
