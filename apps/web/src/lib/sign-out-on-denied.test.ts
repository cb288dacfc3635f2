import { expect, test } from 'vitest'

import { ApiError } from './api-error'
import { isDenied } from './sign-out-on-denied'

// "Verify your e-mail first" is a good token asked for more, not a denied one.
test('a 401 or 403 denies the token, except 403 EMAIL_NOT_VERIFIED', () => {
  expect(isDenied(new ApiError({ status: 401, code: 'UNAUTHENTICATED' }))).toBe(true)
  expect(isDenied(new ApiError({ status: 403, code: 'FORBIDDEN' }))).toBe(true)
  expect(isDenied(new ApiError({ status: 403, code: 'EMAIL_NOT_VERIFIED' }))).toBe(false)
  expect(isDenied(new ApiError({ status: 409, code: 'QUOTA_EXCEEDED' }))).toBe(false)
  expect(isDenied(new Error('x'))).toBe(false)
})
