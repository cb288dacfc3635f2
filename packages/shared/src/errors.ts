import { z } from 'zod'

import { ERROR_CODES, type ErrorCode } from './error-codes.js'

export { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error-codes.js'

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
