import { ERROR_STATUS, messages, type ErrorCode } from '@toolworks/shared'

/** The one error services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    message: string = messages.errors[code],
    readonly fields?: Record<string, string>,
    /** Sent as Retry-After: when asking again may succeed (a 503 or a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'AppError'
    this.statusCode = ERROR_STATUS[code]
  }
}
