import { ErrorBodySchema } from '@toolworks/shared'
import { z } from 'zod'

import { ApiError, codeForStatus, parseRetryAfter } from './api-error'

// Loaded by api-client.ts when an error answer comes, so zod stays out of the first load.

// Better Auth (under /api/auth) answers errors as `{ code?, message }`.
const ProviderErrorSchema = z.object({ code: z.string().optional(), message: z.string() })

/** The `ApiError` an error answer stands for: our `{ error }` body, Better Auth's, or none. */
export function errorFromBody(status: number, body: unknown, retryAfter: string | null): ApiError {
  const retryAfterMs = parseRetryAfter(retryAfter)
  const parsed = ErrorBodySchema.safeParse(body)
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error
    return new ApiError({ status, code, message, fields, retryAfterMs, body })
  }
  const provider = ProviderErrorSchema.safeParse(body)
  if (provider.success) {
    return new ApiError({
      status,
      code: codeForStatus(status),
      message: provider.data.message,
      providerCode: provider.data.code,
      retryAfterMs,
    })
  }
  return new ApiError({ status, code: codeForStatus(status), retryAfterMs })
}
