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
}

/** Any failed call: a non-2xx answer, no answer at all (status 0), or an unreadable answer. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  readonly fields: Record<string, string>
  readonly providerCode: string | undefined

  constructor({ status, code, message, fields, providerCode }: ApiErrorInit) {
    super(message ?? messages.errors[code])
    this.status = status
    this.code = code
    this.fields = fields ?? {}
    this.providerCode = providerCode
  }
}

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  // 409 has two codes; a bare 409 is the general one.
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .filter(([code]) => code !== 'OUT_OF_STOCK')
    .map(([code, status]) => [status, code]),
)

/** The code for an answer whose body did not say one. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED')
}
