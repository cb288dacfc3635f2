// No zod here: the web app's first screen reads these (first load).
/** Error codes with the HTTP status each one answers with (docs/product.md §7, docs/conventions.md §5). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  /** The account's e-mail address must be verified first (drawings). */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  OUT_OF_STOCK: 409,
  CONFLICT: 409,
  /** An account's quota or count limit is reached (drawing storage, open requests). */
  QUOTA_EXCEEDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** Some lines of a quick order cannot be had; each is named in `error.lines`. */
  LINES_REFUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]
